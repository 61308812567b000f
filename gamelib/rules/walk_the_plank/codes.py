"""Small integer codes shared by the state modules (plain ints keep clone() cheap)."""

# Where a card is: 1..3 face down as card k, REVEALED + k face up as card k (this round).
HAND, SET_ASIDE, DISCARDED, REVEALED = 0, 4, 5, 10
# The round's stage.
PROGRAMMING, RESOLUTION, OVER = 0, 1, 2
