/* Walk the Plank finished by random players, compiled: the hint's playouts (fastplay.py).
 *
 * The same game as fastplay.play_randomly's Python loop, draw for draw: the same legal lists in
 * the same order (rules.program_choices / ghost_choices, effects.options), one draw
 * rngs[seat].randbelow(len) per decision with more than one choice (SplitMix64, as
 * gamelib.core.rng.Rng), and the same rounds (rules.after_deaths, eliminate, end_round).
 * tests/walk_the_plank/test_fastplay.py plays thousands of positions both ways and compares every
 * field. Optional: without a compiler the Python loop runs (setup.py: optional=True).
 *
 * finish(cards, n, nc, ghost_players, max_rounds, pos, loc, planks, captain, round, turn, slot,
 *        eliminated, ghosts, final, rngs) -> (pos, loc, planks, captain, round, eliminated, ghosts,
 *        final, drawn, rngs)
 * cards: bytes, 8 per card: effect code, slot mask, skull, shove, number of slots, the slots in
 * order. The position is in the programming stage; the result is the game's end (drawn: 1 when
 * the round limit stopped it). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAXP 5
#define MAXC 64
#define PIRATES 3
#define HAND 0
#define SET_ASIDE 4
#define DISCARDED 5
#define REVEALED 10
#define DEAD (-1)
#define SHIP 0
#define MAX_PLANKS 3
#define FEW_PIRATES 2
#define MAXOPT 64

enum { SHOVE_LEFT, SHOVE_RIGHT, SHOVE_ANYONE, EXTEND, RETRACT, DRAG, PULL, RUN_AROUND, DONT_WANT_TO_DIE, CHARGE };

typedef struct { unsigned char effect, mask, skull, shove, nslots, slots[3]; } Card;

typedef struct {
    int n, nc, ghost_players, max_rounds;
    int pos[MAXP * PIRATES];
    int loc[MAXP * MAXC];
    int planks, captain, round, turn, slot, final;
    int eliminated[MAXP], n_elim;
    int ghosts[MAXP], n_ghosts;
    uint64_t rng[MAXP];
    const Card *cards;
} G;

typedef struct { int kind; int nm; int pid[2]; int steps[2]; } Opt;  /* kind 0 move, 1 extend, 2 retract */

/* ---- SplitMix64, as gamelib.core.rng.Rng.randbelow ---- */
static uint64_t next64(uint64_t *s) {
    uint64_t z;
    *s += 0x9E3779B97F4A7C15ULL;
    z = *s;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int randbelow(uint64_t *s, int n) {
    uint64_t un = (uint64_t)n, r, limit;
    int all;
    if (n <= 1) return 0;
    /* limit = (2**64 // n) * n; when n divides 2**64 every draw is accepted */
    all = (UINT64_MAX % un) == un - 1;
    limit = (UINT64_MAX / un) * un;
    for (;;) {
        r = next64(s);
        if (all || r < limit) return (int)(r % un);
    }
}

/* ---- small queries ---- */
static int alive(const G *g, int seat) {
    const int *p = g->pos + PIRATES * seat;
    return p[0] >= 0 || p[1] >= 0 || p[2] >= 0;
}
static int count_at(const G *g, int seat, int place) {
    const int *p = g->pos + PIRATES * seat;
    return (p[0] == place) + (p[1] == place) + (p[2] == place);
}
static int first_at(const G *g, int seat, int place, int skip) {
    int pid;
    for (pid = PIRATES * seat; pid < PIRATES * (seat + 1); pid++)
        if (g->pos[pid] == place && pid != skip) return pid;
    return -1;
}
static int in_list(const int *xs, int k, int x) {
    int i;
    for (i = 0; i < k; i++) if (xs[i] == x) return 1;
    return 0;
}
static int neighbour(const G *g, int seat, int step) {
    int s = ((seat + step) % g->n + g->n) % g->n;
    while (s != seat) {
        if (alive(g, s)) return s;
        s = ((s + step) % g->n + g->n) % g->n;
    }
    return -1;
}

/* ---- effects.options, arguments only, in the same order ---- */
static void add(Opt *o, int *m, int kind, int nm, int p0, int s0, int p1, int s1) {
    Opt *x = &o[(*m)++];
    x->kind = kind; x->nm = nm; x->pid[0] = p0; x->steps[0] = s0; x->pid[1] = p1; x->steps[1] = s1;
}

static int options(const G *g, int seat, int ghost, int effect, int k, Opt *o) {
    int mine[MAX_PLANKS + 1], nmine = 0, m = 0, i, q, place;
    if (ghost) {
        mine[nmine++] = SHIP;
    } else {  /* distinct places of the seat's living pirates, ship first */
        for (place = SHIP; place <= MAX_PLANKS; place++)
            if (count_at(g, seat, place)) mine[nmine++] = place;
    }
    switch (effect) {
    case SHOVE_LEFT: case SHOVE_RIGHT: {
        int target = neighbour(g, seat, effect == SHOVE_LEFT ? 1 : -1);
        if (target < 0) return 0;
        for (i = 0; i < nmine; i++)
            if (count_at(g, target, mine[i])) add(o, &m, 0, 1, first_at(g, target, mine[i], -1), 1, 0, 0);
        return m;
    }
    case SHOVE_ANYONE:
        for (i = 0; i < nmine; i++)
            for (q = 0; q < g->n; q++) {
                int c = count_at(g, q, mine[i]);
                if (c && (q != seat || c >= 2)) add(o, &m, 0, 1, first_at(g, q, mine[i], -1), 1, 0, 0);
            }
        return m;
    case EXTEND:
        if (g->planks < MAX_PLANKS) add(o, &m, 1, 0, 0, 0, 0, 0);
        return m;
    case RETRACT:
        if (g->planks > 1) add(o, &m, 2, 0, 0, 0, 0, 0);
        return m;
    case DRAG: case PULL: {
        int toward = effect == DRAG ? 1 : -1;
        for (i = 0; i < nmine; i++) {
            int own;
            place = mine[i];
            if (toward == -1 && place == SHIP) continue;
            own = first_at(g, seat, place, -1);
            if (own < 0) return -1;  /* (a Ghost dragging: no card set allows it; Python decides) */
            for (q = 0; q < g->n; q++) {
                int c = count_at(g, q, place);
                if (q == seat) {
                    if (c >= 2) add(o, &m, 0, 2, own, toward, first_at(g, seat, place, own), toward);
                } else if (c) {
                    add(o, &m, 0, 2, own, toward, first_at(g, q, place, -1), toward);
                }
            }
        }
        return m;
    }
    case RUN_AROUND: case DONT_WANT_TO_DIE:
        for (i = 0; i < nmine; i++) {
            int pid;
            place = mine[i];
            pid = first_at(g, seat, place, -1);
            if (pid < 0) return -1;
            if (effect == RUN_AROUND) {
                if (place > SHIP) add(o, &m, 0, 1, pid, -1, 0, 0);
                add(o, &m, 0, 1, pid, 1, 0, 0);
            } else if (place != SHIP) {
                add(o, &m, 0, 1, pid, -1, 0, 0);
                if (place >= 2) add(o, &m, 0, 1, pid, -2, 0, 0);
            }
        }
        return m;
    case CHARGE:
        if (k == 1) return 0;
        for (i = 0; i < nmine; i++) {
            int pid, dest, any = 0;
            place = mine[i];
            pid = first_at(g, seat, place, -1);
            if (pid < 0) return -1;
            dest = place + 1;
            if (dest > g->planks) { add(o, &m, 0, 1, pid, 1, 0, 0); continue; }
            for (q = 0; q < g->n; q++) any |= count_at(g, q, dest) > 0;
            if (!any) add(o, &m, 0, 1, pid, 1, 0, 0);
            for (q = 0; q < g->n; q++)
                if (count_at(g, q, dest)) add(o, &m, 0, 2, pid, 1, first_at(g, q, dest, -1), 1);
        }
        return m;
    }
    return -1;
}

/* ---- effects.perform and rules.after_deaths ---- */
static int perform(G *g, const Opt *x) {
    int dead = 0, pid, j;
    if (x->kind == 1) { if (g->planks < MAX_PLANKS) g->planks++; return 0; }
    if (x->kind == 2) {
        for (pid = 0; pid < g->n * PIRATES; pid++)
            if (g->pos[pid] == g->planks) { g->pos[pid] = DEAD; dead = 1; }
        if (g->planks > 1) g->planks--;
        return dead;
    }
    for (j = 0; j < x->nm; j++) {
        int np = g->pos[x->pid[j]] + x->steps[j];
        if (np > g->planks) { g->pos[x->pid[j]] = DEAD; dead = 1; }
        else g->pos[x->pid[j]] = np < SHIP ? SHIP : np;
    }
    return dead;
}

static void discard_for_ghost(G *g, int seat) {
    int i, *l = g->loc + seat * g->nc;
    for (i = 0; i < g->nc; i++)
        if (!g->cards[i].shove && (l[i] == HAND || l[i] == SET_ASIDE)) l[i] = DISCARDED;
}

static void eliminate(G *g, int seat) {
    int i, *l = g->loc + seat * g->nc;
    g->eliminated[g->n_elim++] = seat;
    for (i = 0; i < g->nc; i++) if (l[i] >= 1 && l[i] <= 3) l[i] = HAND;
    if (g->n_elim <= g->ghost_players) {
        g->ghosts[g->n_ghosts++] = seat;
        discard_for_ghost(g, seat);
    }
}

static void after_deaths(G *g, int seat) {
    int k, living = 0, colours = 0, pid;
    for (k = 0; k < g->n; k++) {
        int q = (seat + k) % g->n;
        if (!in_list(g->eliminated, g->n_elim, q) && !alive(g, q)) eliminate(g, q);
    }
    if (!g->final) {
        for (pid = 0; pid < g->n * PIRATES; pid++) living += g->pos[pid] >= 0;
        for (k = 0; k < g->n; k++) colours += alive(g, k);
        if (living <= FEW_PIRATES || colours <= 1) g->final = 1;
    }
}

/* ---- rules.program_choices and ghost_choices: (card, position) pairs in the same order ---- */
static int programming_choices(const G *g, int seat, int *ci, int *ck) {
    const int *l = g->loc + seat * g->nc;
    int i, j, m = 0;
    if (in_list(g->ghosts, g->n_ghosts, seat)) {
        for (i = 0; i < g->nc; i++)
            if (l[i] == HAND && g->cards[i].shove)
                for (j = 0; j < g->cards[i].nslots; j++) { ci[m] = i; ck[m] = g->cards[i].slots[j]; m++; }
        return m;
    } else {
        int k = g->slot, m1 = 1 << (k + 1), m2 = 1 << (k + 2), a = 0, c2 = 0, u = 0;
        for (i = 0; i < g->nc; i++) if (l[i] == HAND) {
            int mk = g->cards[i].mask;
            a += (mk & m1) != 0; c2 += (mk & m2) != 0; u += (mk & (m1 | m2)) != 0;
        }
        for (i = 0; i < g->nc; i++) {
            int mk = g->cards[i].mask;
            if (l[i] != HAND || !(mk & (1 << k))) continue;
            if (k == 2 && a - ((mk & m1) != 0) < 1) continue;
            if (k == 1 && (a - ((mk & m1) != 0) < 1 || c2 - ((mk & m2) != 0) < 1 || u - ((mk & (m1 | m2)) != 0) < 2))
                continue;
            ci[m] = i; ck[m] = k; m++;
        }
        return m;
    }
}

static int programs_this_round(const G *g, int seat) {
    int i;
    const int *l = g->loc + seat * g->nc;
    if (alive(g, seat)) return 1;
    if (in_list(g->ghosts, g->n_ghosts, seat))
        for (i = 0; i < g->nc; i++) if (l[i] == HAND && g->cards[i].shove) return 1;
    return 0;
}

/* The reveals of a round, then its end (rules.advance with every choice drawn, end_round).
 * Returns -1 when the rules' Python must decide (never met with the shipped cards), 1 when the
 * game is over (drawn set by the caller from *drawn), 0 to go on programming. */
static int reveal_round(G *g, int *drawn) {
    Opt o[MAXOPT];
    int k, off, j, step;
    for (k = 1; k <= 3; k++)
        for (off = 0; off < g->n; off++) {
            int seat = (g->captain + off) % g->n, idx = -1, m, *l = g->loc + seat * g->nc;
            for (j = 0; j < g->nc; j++) if (l[j] == k) { idx = j; break; }
            if (idx < 0) continue;
            l[idx] = REVEALED + k;
            m = options(g, seat, in_list(g->ghosts, g->n_ghosts, seat), g->cards[idx].effect, k, o);
            if (m < 0) return -1;
            if (m == 0) continue;
            if (perform(g, &o[m == 1 ? 0 : randbelow(&g->rng[seat], m)])) after_deaths(g, seat);
        }
    /* end_round */
    for (j = 0; j < g->n * g->nc; j++) if (g->loc[j] == SET_ASIDE) g->loc[j] = HAND;
    for (j = 0; j < g->n * g->nc; j++)
        if (g->loc[j] > REVEALED) g->loc[j] = g->cards[j % g->nc].skull ? SET_ASIDE : HAND;
    for (j = 0; j < g->n_ghosts; j++) discard_for_ghost(g, g->ghosts[j]);
    for (step = 1; step <= g->n; step++) {
        int q = ((g->captain - step) % g->n + g->n) % g->n;
        if (alive(g, q)) { g->captain = q; break; }
    }
    if (g->final) { *drawn = 0; return 1; }
    if (g->round >= g->max_rounds) { *drawn = 1; return 1; }
    g->round++;
    g->turn = g->captain;
    g->slot = 1;
    return 0;
}

static int play(G *g, int *drawn) {
    int ci[MAXC * 3], ck[MAXC * 3];
    for (;;) {
        int seat = g->turn, m, c, r, off;
        m = programming_choices(g, seat, ci, ck);
        if (m <= 0) return -1;
        c = m == 1 ? 0 : randbelow(&g->rng[seat], m);
        g->loc[seat * g->nc + ci[c]] = ck[c];
        if (!in_list(g->ghosts, g->n_ghosts, seat) && ck[c] < 3) { g->slot = ck[c] + 1; continue; }
        /* rules.next_programmer */
        for (off = (seat - g->captain + g->n) % g->n + 1; off < g->n; off++)
            if (programs_this_round(g, (g->captain + off) % g->n)) break;
        if (off < g->n) { g->turn = (g->captain + off) % g->n; g->slot = 1; continue; }
        r = reveal_round(g, drawn);
        if (r != 0) return r;
    }
}

/* ---- Python glue ---- */
static int ints(PyObject *list, int *out, int cap, int *len) {
    Py_ssize_t i, k;
    if (!PyList_Check(list)) { PyErr_SetString(PyExc_TypeError, "expected a list"); return -1; }
    k = PyList_GET_SIZE(list);
    if (k > cap) { PyErr_SetString(PyExc_ValueError, "list too long"); return -1; }
    for (i = 0; i < k; i++) {
        long v = PyLong_AsLong(PyList_GET_ITEM(list, i));
        if (v == -1 && PyErr_Occurred()) return -1;
        out[i] = (int)v;
    }
    *len = (int)k;
    return 0;
}

static PyObject *list_of(const int *xs, int k) {
    PyObject *out = PyList_New(k);
    int i;
    if (!out) return NULL;
    for (i = 0; i < k; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(xs[i]));
    return out;
}

static PyObject *finish(PyObject *self, PyObject *args) {
    G g;
    Py_buffer cards;
    PyObject *pos, *loc, *elim, *ghosts, *rngs, *rng_out;
    int k, i, drawn = 0, r;
    if (!PyArg_ParseTuple(args, "y*iiiiO!O!iiiiiO!O!pO!", &cards, &g.n, &g.nc, &g.ghost_players, &g.max_rounds,
                          &PyList_Type, &pos, &PyList_Type, &loc, &g.planks, &g.captain, &g.round, &g.turn, &g.slot,
                          &PyList_Type, &elim, &PyList_Type, &ghosts, &g.final, &PyList_Type, &rngs))
        return NULL;
    if (g.n < 1 || g.n > MAXP || g.nc < 1 || g.nc > MAXC || cards.len != 8 * g.nc || PyList_GET_SIZE(rngs) != g.n) {
        PyBuffer_Release(&cards);
        PyErr_SetString(PyExc_ValueError, "finish: sizes out of range");
        return NULL;
    }
    g.cards = (const Card *)cards.buf;
    if (ints(pos, g.pos, MAXP * PIRATES, &k) || k != g.n * PIRATES || ints(loc, g.loc, MAXP * MAXC, &k) ||
        k != g.n * g.nc || ints(elim, g.eliminated, MAXP, &g.n_elim) || ints(ghosts, g.ghosts, MAXP, &g.n_ghosts)) {
        PyBuffer_Release(&cards);
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "finish: a list of the wrong length");
        return NULL;
    }
    for (i = 0; i < g.n; i++) {
        g.rng[i] = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(rngs, i));
        if (PyErr_Occurred()) { PyBuffer_Release(&cards); return NULL; }
    }
    r = play(&g, &drawn);
    PyBuffer_Release(&cards);
    if (r < 0) Py_RETURN_NONE;  /* (the caller plays on in Python from the start position) */
    rng_out = PyList_New(g.n);
    if (!rng_out) return NULL;
    for (i = 0; i < g.n; i++) PyList_SET_ITEM(rng_out, i, PyLong_FromUnsignedLongLong(g.rng[i]));
    return Py_BuildValue("(NNiiiNNiiN)", list_of(g.pos, g.n * PIRATES), list_of(g.loc, g.n * g.nc), g.planks,
                         g.captain, g.round, list_of(g.eliminated, g.n_elim), list_of(g.ghosts, g.n_ghosts), g.final,
                         drawn, rng_out);
}

static PyMethodDef methods[] = {
    {"finish", finish, METH_VARARGS, "Walk the Plank finished by random players (see fastplay.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fastplay", NULL, -1, methods};

PyMODINIT_FUNC PyInit__fastplay(void) { return PyModule_Create(&module); }
