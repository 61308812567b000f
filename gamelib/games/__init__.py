"""The three games, one subpackage each."""
