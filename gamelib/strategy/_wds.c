/* The Walking Deck's Interrogation solver, compiled: the same search as
 * gamelib/strategy/walking_deck/ (InterrogationSolver), about fifty times faster.
 *
 * The Python class stays the reference and the fallback (no compiler, or a card set beyond
 * the limits below). It builds this solver with every table it already computes (the
 * contexts of key(), the Memory's banners, the bag) and hands it its own keys, so both
 * read and write the same positions; tests/strategy compare the two on every benchmark
 * Interrogation, option by option. Each function here is named after the Python method it
 * copies; read that method's docstring for the why.
 *
 * Exact values are (n, e) for n / L**e as in the Python solver, with n a Python int (the
 * numerators outgrow any C integer); the float search and the positions are plain C. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>

#define T_SH 3
#define D_SH 5
#define SRC (1 << 7)
#define HEALED (1 << 8)
#define FLAGS (SRC | HEALED)
#define IMM_BIT (1 << 9)
#define IMM (IMM_BIT | 3 << T_SH)
#define MAXF 24        /* Characters in front (the Python side checks the card set) */
#define MAXA 128       /* options at one decision */
#define TOL 1e-9

enum { E_RESTORE, E_CONSUME, E_BURY_SELF, E_RESPITE_IN, E_RESPITE_OUT, E_DAMAGE, E_CALAMITY, E_HEAL, E_UNBURY };
enum { P_NONE, P_CAL, P_HEAL, P_DAMAGE, P_REDRAW /* the key of a shared redraw value */ };
enum { OV_NONE, OV_WON, OV_LOST };
enum { A_UNSTACK, A_RESERVE_HEAL, A_DAMAGE, A_HEAL, A_STOP_HEAL, A_IGNORE, A_APPLY, A_REDRAW, A_RESTORE_POWER };
enum { PW_OTHER, PW_REDRAW, PW_RESERVE_HEAL, PW_RESTORE };

static const int POP[8] = {0, 1, 1, 2, 1, 2, 2, 3};

typedef struct { int kind, a, b; } Eff;
typedef struct { int kind, a, b; } Act;
typedef struct { uint64_t w[5]; } Key;   /* w[0]: the scalars (bit 63: terminal), w[1..4]: the front */

static const Key K_WON = {{(1ULL << 63) | 1, 0, 0, 0, 0}};
static const Key K_LOST = {{(1ULL << 63), 0, 0, 0, 0}};

typedef struct {
    int i, nf, front[MAXF + 1];
    int res, resp, aside, buried, uses, pres;
    int src, nxt, failed, cur;
    int pk, pa, pb, pc, pd;   /* cal: mask, add, ignore, by; heal: left, mask; damage: left */
    int over;
} W;

typedef struct {
    int lost_at, heal, cal, harm, heals[8], hurt[8];
    int fx, forced[8][3], restores[3];   /* see sure_losses; fx 0: an Event ahead unburies */
} Ctx;

typedef struct {
    Key k;
    double fv;
    PyObject *xn;        /* exact numerator, NULL while unknown */
    uint8_t *cand;       /* ncand > 1: the options exact() tries, best first */
    int32_t xe;
    uint8_t hasf, ncand, cand1;
} Ent;

typedef struct { uint64_t h; uint32_t idx; } Slot;

typedef struct { Key k; double p; int64_t q; int todo; } Out;
typedef struct { Out *v; int n, cap, has_k0; Key k0; } Outs;

typedef struct {
    PyObject_HEAD
    int n, span, limit, power, max_uses, redraw_tokens, power_uses, adrien, respites, dmax;
    int64_t L, ldmax;
    int *chars, *neff, *calm, *nc_has, *nc_add, *nc_ign;
    Eff **eff;
    int nb, base_mask[16], base_cnt[16], base_total;
    Ctx *ctx;
    int nctx;
    Ent *ents;
    Slot *slots;
    size_t cap, size, ents_cap;
    long long nodes, budget;
    int err;
    PyObject *over_exc;
    PyObject **lpow;
    int nlpow;
} S;

/* ---- the memo ----------------------------------------------------------------------------
 * Positions live in one growing array (ents); the table (slots) holds each one's full 64-bit
 * hash and index, so a probe reads 16 bytes and compares keys only when the hashes agree.
 * (Keys in the table itself made a probe cross several cache lines: the search spent a third
 * of its time there.) Ent pointers are good until the next get(). */
static inline uint64_t mix(uint64_t x) {
    x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ULL; x ^= x >> 27; x *= 0x94d049bb133111ebULL; x ^= x >> 31;
    return x;
}
static inline uint64_t khash(const Key *k) {
    uint64_t h = mix(k->w[0]);
    for (int j = 1; j < 5; j++) h = mix(h ^ k->w[j]);
    return h | 1;   /* 0 marks an empty slot */
}
static inline int keq(const Key *a, const Key *b) { return !memcmp(a, b, sizeof(Key)); }
static inline int is_term(const Key *k) { return (int)(k->w[0] >> 63); }

static Ent *find_h(S *s, const Key *k, uint64_t h) {
    size_t m = s->cap - 1, j = h & m;
    for (;;) {
        const Slot *x = &s->slots[j];
        if (!x->h) return NULL;
        if (x->h == h && keq(&s->ents[x->idx].k, k)) return &s->ents[x->idx];
        j = (j + 1) & m;
    }
}
static inline Ent *find(S *s, const Key *k) { return find_h(s, k, khash(k)); }

static int grow(S *s) {
    size_t cap = s->cap * 2;
    Slot *t = calloc(cap, sizeof(Slot));
    if (!t) { PyErr_NoMemory(); s->err = 1; return -1; }
    for (size_t j = 0; j < s->cap; j++) {
        if (!s->slots[j].h) continue;
        size_t x = s->slots[j].h & (cap - 1);
        while (t[x].h) x = (x + 1) & (cap - 1);
        t[x] = s->slots[j];
    }
    free(s->slots);
    s->slots = t;
    s->cap = cap;
    return 0;
}
static Ent *get(S *s, const Key *k) {   /* find or insert */
    uint64_t h = khash(k);
    Ent *e = find_h(s, k, h);
    if (e) return e;
    if ((s->size + 1) * 2 > s->cap && grow(s) < 0) return NULL;
    if (s->size == s->ents_cap) {
        size_t n = s->ents_cap ? s->ents_cap * 2 : 4096;
        Ent *v = realloc(s->ents, n * sizeof(Ent));
        if (!v) { PyErr_NoMemory(); s->err = 1; return NULL; }
        s->ents = v;
        s->ents_cap = n;
    }
    size_t m = s->cap - 1, j = h & m;
    while (s->slots[j].h) j = (j + 1) & m;
    s->slots[j].h = h;
    s->slots[j].idx = (uint32_t)s->size;
    e = &s->ents[s->size++];
    memset(e, 0, sizeof(Ent));
    e->k = *k;
    return e;
}

/* ---- outcomes ---------------------------------------------------------------------------- */
static int out_add(S *s, Outs *o, const Key *k, double p, int64_t q) {
    for (int j = 0; j < o->n; j++)
        if (keq(&o->v[j].k, k)) { o->v[j].p += p; o->v[j].q += q; return 0; }
    if (o->n == o->cap) {
        int cap = o->cap ? o->cap * 2 : 16;
        Out *v = realloc(o->v, cap * sizeof(Out));
        if (!v) { PyErr_NoMemory(); s->err = 1; return -1; }
        o->v = v;
        o->cap = cap;
    }
    o->v[o->n].k = *k;
    o->v[o->n].p = p;
    o->v[o->n].q = q;
    o->n++;
    return 0;
}

/* ---- keys (InterrogationSolver.key, _sure_death, _CodeMap) -------------------------------- */
static int sure_death(S *s, const W *w) {
    int add = 0, ign = 0;
    if (w->pk == P_NONE) {
        if (w->src || w->resp || (s->adrien && w->pres != 7)) return 0;
        if (!s->nc_has[w->i]) return 0;
        add = s->nc_add[w->i];
        ign = s->nc_ign[w->i];
    } else if (w->pk != P_CAL) {
        return 0;
    }
    int z = 0;
    for (int j = 0; j < w->nf; j++) {
        int c = w->front[j];
        if ((c >> T_SH & 3) == (c >> D_SH & 3)) z |= c;
    }
    z &= ~w->res & 7;
    if (z && s->power == PW_RESTORE && w->uses < s->max_uses) return 0;
    if (!z) return 0;
    if (w->pk == P_CAL) {
        if (!((w->pa | w->pb) & ~w->pc & ~w->pd & z)) return 0;
        if (!(s->redraw_tokens && w->uses < s->max_uses)) return 1;
        if (w->resp) return 0;
        add = w->pb;
        ign = w->pc | w->pd;
    }
    for (int j = 0; j < s->nb; j++)
        if (!(((s->base_mask[j] | add) & ~ign) & z)) return 0;
    return 1;
}

/* InterrogationSolver._sure_losses: whether at least need of the Characters f (canonical codes)
 * die whatever happens, no Event ahead unburying */
static int sure_losses(S *s, const W *w, const Ctx *ctx, const int *f, int nf, int need) {
    int pf = 0;
    if (w->pk == P_HEAL) return 0;
    if (w->pk == P_CAL) {
        pf = s->redraw_tokens && w->uses < s->max_uses ? w->pb : w->pa | w->pb;
        pf &= ~w->pc & ~w->pd;
    }
    int extra = s->power == PW_RESTORE ? s->max_uses - w->uses : 0, res = w->res;
    int s0 = (res & 1) + ctx->restores[0] + extra, s1 = (res >> 1 & 1) + ctx->restores[1] + extra;
    int s2 = (res >> 2 & 1) + ctx->restores[2] + extra, dead = 0;
    for (int j = 0; j < nf; j++) {
        int c = f[j], wk = c & 7;
        if (!wk || ctx->heals[wk] || (s->adrien && POP[wk & ~w->pres & 7])) continue;
        int n0 = ctx->forced[wk][0], n1 = ctx->forced[wk][1], n2 = ctx->forced[wk][2], g = pf & wk;
        if (g & 1) n0++;
        else if (g & 2) n1++;
        else if (g) n2++;
        int shortfall = (n0 > s0 ? n0 - s0 : 0) + (n1 > s1 ? n1 - s1 : 0) + (n2 > s2 ? n2 - s2 : 0);
        if (shortfall > (c >> T_SH & 3) - (c >> D_SH & 3) && ++dead >= need) return 1;
    }
    return 0;
}

static inline int mapc(int c, const int *heals, int pres, int pend, const int *harm) {
    if (c & IMM_BIT) return IMM;
    int wk = c & 7, d = c >> D_SH & 3, x = c;
    if (!heals) {
        x = (c & (7 | FLAGS)) | ((c >> T_SH & 3) - d) << T_SH;
    } else if (d) {
        int h = heals[wk] + POP[wk & ~pres & 7];
        if (pend >= 0 && !(c & HEALED) && (!pend || (wk & pend))) h += 1;
        if (d > h) x = (c & (7 | FLAGS)) | ((c >> T_SH & 3) - d + h) << T_SH | h << D_SH;
    }
    if (!(x & SRC) && (x >> T_SH & 3) - (x >> D_SH & 3) >= harm[wk]) x = IMM;
    return x;
}

static inline void sort_small(int *v, int n) {
    for (int a = 1; a < n; a++) {
        int x = v[a], b = a - 1;
        while (b >= 0 && v[b] > x) { v[b + 1] = v[b]; b--; }
        v[b + 1] = x;
    }
}

static void pack(Key *k, int i, const int *front, int nf, int res, int resp, int buried, int uses, int pres,
                 int src, int nxt, int failed, int cur, int pk, int pa, int pb, int pc, int pd) {
    k->w[0] = (uint64_t)i | (uint64_t)nf << 8 | (uint64_t)res << 13 | (uint64_t)resp << 16 | (uint64_t)buried << 18
              | (uint64_t)uses << 22 | (uint64_t)pres << 25 | (uint64_t)src << 28 | (uint64_t)nxt << 29
              | (uint64_t)failed << 33 | (uint64_t)cur << 34 | (uint64_t)pk << 35 | (uint64_t)pa << 38
              | (uint64_t)pb << 42 | (uint64_t)pc << 46 | (uint64_t)pd << 49;
    k->w[1] = k->w[2] = k->w[3] = k->w[4] = 0;
    for (int j = 0; j < nf; j++) k->w[1 + j / 6] |= (uint64_t)front[j] << (10 * (j % 6));
}

static void unpack(S *s, const Key *k, W *w) {
    uint64_t a = k->w[0];
    w->i = a & 255; w->nf = a >> 8 & 31; w->res = a >> 13 & 7; w->resp = a >> 16 & 3; w->buried = a >> 18 & 15;
    w->uses = a >> 22 & 7; w->pres = a >> 25 & 7; w->src = a >> 28 & 1; w->nxt = a >> 29 & 15;
    w->failed = a >> 33 & 1; w->cur = a >> 34 & 1; w->pk = a >> 35 & 7; w->pa = a >> 38 & 15;
    w->pb = a >> 42 & 15; w->pc = a >> 46 & 7; w->pd = a >> 49 & 7;
    for (int j = 0; j < w->nf; j++) w->front[j] = (int)(k->w[1 + j / 6] >> (10 * (j % 6)) & 1023);
    w->aside = s->respites - w->resp;
    w->over = OV_NONE;
}

static void make_key(S *s, const W *w, Key *k) {
    if (w->over == OV_WON) { *k = K_WON; return; }
    if (w->over == OV_LOST) { *k = K_LOST; return; }
    int i = w->i, pk = w->pk;
    const Ctx *ctx = &s->ctx[(i * s->span + w->nxt) * 2 + w->src];
    int b = w->buried;
    if (b >= ctx->lost_at) { *k = K_LOST; return; }
    if (b + 1 >= ctx->lost_at && (pk != P_NONE ? pk == P_CAL : !w->src && s->nc_has[i]) && sure_death(s, w)) {
        *k = K_LOST;
        return;
    }
    int pres = s->adrien ? w->pres : 7;
    if (pk == P_NONE && !ctx->harm) { *k = K_WON; return; }
    int harm[8], heal = ctx->heal, pend = -1;
    memcpy(harm, ctx->hurt, sizeof harm);
    if (pk == P_CAL) {
        int arg = (w->pa | w->pb | s->redraw_tokens) & ~w->pc;
        for (int wk = 0; wk < 8; wk++) if (arg & wk) harm[wk]++;
    } else if (pk == P_HEAL) {
        heal = 1;
        pend = w->pb;
    } else if (pk == P_DAMAGE) {
        for (int wk = 0; wk < 8; wk++) harm[wk] += w->pa;
    }
    if (s->adrien && pres != 7) heal = 1;
    const int *heals = heal ? ctx->heals : NULL;
    int f[MAXF + 1], nf = w->nf;
    for (int j = 0; j < nf; j++) f[j] = mapc(w->front[j], heals, pres, pend, harm);
    sort_small(f, nf);
    while (nf > 1 && f[nf - 2] == IMM) nf--;   /* IMM sorts last; several count as one */
    if (b + 2 >= ctx->lost_at && ctx->fx && sure_losses(s, w, ctx, f, nf, ctx->lost_at - b)) { *k = K_LOST; return; }
    if (ctx->cal || pk == P_CAL) {
        int pa = pk == P_NONE ? 0 : w->pa;
        if (pk == P_CAL) {
            int fm = 0;
            for (int j = 0; j < nf; j++) fm |= f[j];
            pa = (w->pa | w->pb) & ~w->pc & ~w->pd & fm & 7;
        }
        pack(k, i, f, nf, w->res, w->resp, w->buried, w->uses, w->pres, w->src, w->nxt, w->failed, w->cur,
             pk, pa, pk == P_NONE ? 0 : w->pb, pk == P_CAL ? w->pc : 0, pk == P_CAL ? w->pd : 0);
    } else {   /* no Calamity can be drawn any more: Reserves, bag and power uses are forgotten */
        pack(k, i, f, nf, 0, 0, w->buried, s->max_uses, w->pres, w->src, w->nxt, w->failed, w->cur,
             pk, pk == P_NONE ? 0 : w->pa, pk == P_HEAL ? w->pb : 0, 0, 0);
    }
}

/* ---- the rules (InterrogationSolver.legal, _act, _advance, ...) --------------------------- */
static void bury(S *s, W *w) {
    w->buried++;
    if (w->buried >= s->limit) w->over = OV_LOST;
}
static inline int find_code(const W *w, int c) {
    for (int j = 0; j < w->nf; j++) if (w->front[j] == c) return j;
    return -1;
}
static inline void del_at(W *w, int j) {
    memmove(&w->front[j], &w->front[j + 1], (w->nf - j - 1) * sizeof(int));
    w->nf--;
}
static int lost_code(S *s, int c) {   /* an action names a Character not in front: a bad key */
    if (!s->err) PyErr_Format(PyExc_ValueError, "no Character of code %d in front", c);
    s->err = 1;
    return 0;
}
static void damage(S *s, W *w, int c) {
    int j = find_code(w, c);
    if (j < 0) { lost_code(s, c); w->over = OV_LOST; return; }
    if ((c >> D_SH & 3) >= (c >> T_SH & 3)) {
        del_at(w, j);
        bury(s, w);
    } else {
        w->front[j] = c + (1 << D_SH);
    }
}
static void resolve(S *s, W *w) {
    int weak = (w->pa | w->pb) & ~w->pc & ~w->pd, hit[MAXF + 1], nh = 0;
    w->pk = P_NONE;
    for (int j = 0; j < w->nf; j++) if (w->front[j] & weak & 7) hit[nh++] = w->front[j];
    for (int j = 0; j < nh; j++) {
        damage(s, w, hit[j]);
        if (w->over) return;
    }
}
static void cal_decision(S *s, W *w) {
    int weak = (w->pa | w->pb) & ~w->pc & ~w->pd, fm = 0;
    for (int j = 0; j < w->nf; j++) fm |= w->front[j];
    if (weak & fm & 7) {
        if (weak & w->res) return;
        if (w->uses < s->max_uses && (s->power == PW_REDRAW || s->power == PW_RESTORE)) return;
    }
    resolve(s, w);
}
static inline int healable(const W *w, int m) {
    for (int j = 0; j < w->nf; j++) {
        int c = w->front[j];
        if ((c >> D_SH & 3) && !(c & HEALED) && (!m || (c & 7 & m))) return 1;
    }
    return 0;
}
static void end_heal(W *w) {
    w->pk = P_NONE;
    for (int j = 0; j < w->nf; j++) w->front[j] &= ~HEALED;
}

/* returns 1 with a Calamity draw request in req[0..2] (add, ignore, by) */
static int act(S *s, W *w, const Act *a, int *req) {
    switch (a->kind) {
    case A_UNSTACK: {
        int m = w->i++;
        if (!s->neff[m]) {
            bury(s, w);
        } else {
            w->src = 1; w->nxt = 0; w->failed = 0;
            if (s->chars[m] >= 0) { w->front[w->nf++] = s->chars[m] | SRC; w->cur = 0; }
            else w->cur = 1;
        }
        break;
    }
    case A_DAMAGE: {
        int left = w->pa - 1;
        if (left) w->pa = left; else w->pk = P_NONE;
        damage(s, w, a->a);
        if (!w->over && w->pk != P_NONE && !w->nf) w->pk = P_NONE;
        break;
    }
    case A_HEAL: {
        int left = w->pa, m = w->pb, j = find_code(w, a->a);
        if (j < 0) return lost_code(s, a->a);
        w->front[j] = (a->a - (1 << D_SH)) | HEALED;
        left--;
        if (!left || !healable(w, m)) end_heal(w); else w->pa = left;
        break;
    }
    case A_STOP_HEAL: end_heal(w); break;
    case A_IGNORE:
        w->res &= ~(1 << a->a);
        w->pd |= 1 << a->a;
        cal_decision(s, w);
        break;
    case A_APPLY: resolve(s, w); break;
    case A_REDRAW:
        w->uses++;
        req[0] = w->pb; req[1] = w->pc; req[2] = w->pd;
        w->pk = P_NONE;
        return 1;
    case A_RESTORE_POWER: w->uses++; w->res |= 1 << a->a; break;
    case A_RESERVE_HEAL: {
        int r = a->a, c = a->b, j;
        w->pres |= 1 << r;
        w->res &= ~(1 << r);
        j = find_code(w, c);
        if (j < 0) return lost_code(s, c);
        w->front[j] = c - (1 << D_SH);
        break;
    }
    }
    return 0;
}

static void finish(S *s, W *w) {
    int failed = w->failed;
    w->src = 0; w->nxt = 0; w->failed = 0;
    if (w->cur) {
        w->cur = 0;
        if (failed) bury(s, w);
        return;
    }
    int j = -1;
    for (int x = 0; x < w->nf; x++) if (w->front[x] & SRC) { j = x; break; }
    if (j < 0) return;
    if (failed) { del_at(w, j); bury(s, w); }
    else w->front[j] &= ~SRC;
}

static int effect(S *s, W *w, const Eff *x, int *req) {
    switch (x->kind) {
    case E_RESTORE: w->res |= 1 << x->a; break;
    case E_CONSUME: w->res &= ~(1 << x->a); break;
    case E_BURY_SELF:
        if (w->cur) {
            w->cur = 0;
        } else {
            int j = -1;
            for (int y = 0; y < w->nf; y++) if (w->front[y] & SRC) { j = y; break; }
            if (j < 0) {
                if (!s->err) { PyErr_SetString(PyExc_AssertionError, "a banner's Character is not in front"); s->err = 1; }
                return 0;
            }
            del_at(w, j);
        }
        bury(s, w);
        break;
    case E_RESPITE_IN: if (w->aside) { w->aside--; w->resp++; } break;
    case E_RESPITE_OUT: if (w->resp) { w->resp--; w->aside++; } break;
    case E_DAMAGE:
        if (!w->nf) w->failed = 1;
        else { w->pk = P_DAMAGE; w->pa = x->a; w->pb = w->pc = w->pd = 0; }
        break;
    case E_CALAMITY:
        if (!w->nf) { w->failed = 1; break; }
        req[0] = x->a; req[1] = x->b; req[2] = 0;
        return 1;
    case E_HEAL: {
        int m = x->b;
        for (int j = 0; j < w->nf; j++) {
            int c = w->front[j];
            if ((c >> D_SH & 3) && (!m || (c & 7 & m))) { w->pk = P_HEAL; w->pa = x->a; w->pb = m; w->pc = w->pd = 0; break; }
        }
        break;
    }
    case E_UNBURY: if (w->buried) w->buried--; break;
    }
    return 0;
}

static int advance(S *s, W *w, int *req) {
    while (!w->over && w->pk == P_NONE) {
        if (w->src) {
            int m = w->i - 1;
            while (w->nxt < s->neff[m]) {
                const Eff *x = &s->eff[m][w->nxt++];
                if (effect(s, w, x, req)) return 1;
                if (s->err) return 0;
                if (w->over || w->pk != P_NONE) return 0;
            }
            finish(s, w);
        } else if (w->i < s->n) {
            return 0;
        } else {
            w->over = OV_WON;
        }
    }
    return 0;
}

static int uniq_sorted(const W *w, int *u) {
    int n = w->nf;
    memcpy(u, w->front, n * sizeof(int));
    sort_small(u, n);
    int m = 0;
    for (int j = 0; j < n; j++) if (!m || u[m - 1] != u[j]) u[m++] = u[j];
    return m;
}

static int legal(S *s, const W *w, Act *out) {
    int n = 0, u[MAXF + 1], nu;
    if (w->pk == P_DAMAGE) {
        nu = uniq_sorted(w, u);
        for (int j = 0; j < nu; j++) out[n++] = (Act){A_DAMAGE, u[j], 0};
    } else if (w->pk == P_HEAL) {
        int m = w->pb;
        nu = uniq_sorted(w, u);
        for (int j = 0; j < nu; j++) {
            int c = u[j];
            if ((c >> D_SH & 3) && !(c & HEALED) && (!m || (c & 7 & m))) out[n++] = (Act){A_HEAL, c, 0};
        }
        out[n++] = (Act){A_STOP_HEAL, 0, 0};
    } else if (w->pk == P_CAL) {
        int weak = (w->pa | w->pb) & ~w->pc & ~w->pd;
        for (int r = 0; r < 3; r++) if ((weak >> r & 1) && (w->res >> r & 1)) out[n++] = (Act){A_IGNORE, r, 0};
        out[n++] = (Act){A_APPLY, 0, 0};
        if (s->power == PW_REDRAW && w->uses < s->max_uses) out[n++] = (Act){A_REDRAW, 0, 0};
    } else {
        out[n++] = (Act){A_UNSTACK, 0, 0};
        if (s->power == PW_RESERVE_HEAL) {
            nu = uniq_sorted(w, u);
            for (int r = 0; r < 3; r++) {
                if (w->pres >> r & 1) continue;
                for (int j = 0; j < nu; j++)
                    if ((u[j] >> D_SH & 3) && (u[j] & 7) >> r & 1 && n < MAXA) out[n++] = (Act){A_RESERVE_HEAL, r, u[j]};
            }
        }
    }
    if (s->power == PW_RESTORE && w->uses < s->max_uses)
        for (int r = 0; r < 3; r++) if (!(w->res >> r & 1)) out[n++] = (Act){A_RESTORE_POWER, r, 0};
    return n;
}

static int search_actions(S *s, const W *w, Act *acts) {
    int n = legal(s, w, acts);
    if (n < 2) return n;
    if (w->pk == P_HEAL && acts[0].kind == A_HEAL) {
        int m = 0;
        for (int j = 0; j < n; j++) if (acts[j].kind != A_STOP_HEAL) acts[m++] = acts[j];
        n = m;
    } else if (w->pk == P_DAMAGE && acts[n - 1].kind == A_DAMAGE && acts[n - 1].a == IMM) {
        acts[0] = acts[n - 1];
        return 1;
    }
    if (w->pk == P_NONE && s->power == PW_RESERVE_HEAL) {
        int calm = s->calm[w->i];
        if (calm >= 0) {
            int m = 0;
            for (int j = 0; j < n; j++)
                if (acts[j].kind != A_RESERVE_HEAL || (calm >> acts[j].a & 1)) acts[m++] = acts[j];
            n = m;
        }
    }
    if (s->power == PW_RESTORE) {
        int useful = 0;
        if (w->pk == P_CAL) {
            int fm = 0;
            for (int j = 0; j < w->nf; j++) fm |= w->front[j];
            useful = (w->pa | w->pb) & ~w->pc & ~w->pd & fm & 7;
        }
        int m = 0;
        for (int j = 0; j < n; j++)
            if (acts[j].kind != A_RESTORE_POWER || (useful >> acts[j].a & 1)) acts[m++] = acts[j];
        n = m;
    }
    return n;
}

/* ---- chance (InterrogationSolver._outs, _settle, _group_draws) ----------------------------- */
static void settle(S *s, W *w, const int *req, double p, int64_t q, Outs *o, int d) {
    int add = req[0], ign = req[1], by = req[2], off = ign | by, fm = 0;
    for (int j = 0; j < w->nf; j++) fm |= w->front[j];
    fm &= 7;
    int power_open = w->uses < s->power_uses;
    int total = s->base_total + w->resp;
    int gm[17], gn[17], go[17], gh[17], ng = 0;
    for (int j = 0; j <= s->nb; j++) {
        int mask, cnt;
        if (j < s->nb) { mask = s->base_mask[j]; cnt = s->base_cnt[j]; }
        else if (w->resp) { mask = 0; cnt = w->resp; }
        else break;
        int weak = (mask | add) & ~off, hit = weak & fm;
        int opens = hit && ((weak & w->res) || power_open);
        int g;
        for (g = 0; g < ng; g++) if (gh[g] == hit && go[g] == opens) break;
        if (g < ng) gn[g] += cnt;
        else { gm[ng] = mask; gn[ng] = cnt; go[ng] = opens; gh[ng] = hit; ng++; }
    }
    int order[17], no = 0;   /* the groups that open a decision first (they leave w as it was) */
    for (int g = 0; g < ng; g++) if (go[g]) order[no++] = g;
    for (int g = 0; g < ng; g++) if (!go[g]) order[no++] = g;
    int64_t scale = 1;
    for (int x = 0; x < s->dmax - d; x++) scale *= s->L;
    for (int j = 0; j < no; j++) {
        int g = order[j];
        double qf = p * ((double)gn[g] / total);
        int64_t qx = q * (gn[g] * (s->L / total));
        Key k;
        if (go[g]) {
            w->pk = P_CAL; w->pa = gm[g]; w->pb = add; w->pc = ign; w->pd = by;
            make_key(s, w, &k);
            w->pk = P_NONE; w->pa = w->pb = w->pc = w->pd = 0;
        } else {
            W tmp, *c = w;
            if (j != no - 1) { tmp = *w; c = &tmp; }
            if (gh[g]) {
                c->pk = P_CAL; c->pa = gm[g]; c->pb = add; c->pc = ign; c->pd = by;
                resolve(s, c);
            }
            if (!c->over) {
                int r2[3];
                if (advance(s, c, r2)) {
                    settle(s, c, r2, qf, qx, o, d + 1);
                    if (s->err) return;
                    continue;
                }
                if (s->err) return;
            }
            make_key(s, c, &k);
            if (!gh[g] && d == 1) { o->k0 = k; o->has_k0 = 1; }
        }
        if (out_add(s, o, &k, qf, qx * scale) < 0) return;
    }
}

static int outs(S *s, const W *w0, const Act *a, Outs *o) {
    W w = *w0;
    int req[3];
    o->n = 0; o->has_k0 = 0;
    int has = act(s, &w, a, req);
    if (s->err) return -1;
    if (!has) {
        if (!w.over) has = advance(s, &w, req);
        if (s->err) return -1;
        if (!has) {
            Key k;
            make_key(s, &w, &k);
            return out_add(s, o, &k, 1.0, s->ldmax);
        }
    }
    settle(s, &w, req, 1.0, 1, o, 1);
    return s->err ? -1 : 0;
}

/* ---- values (InterrogationSolver._value, _only, _scan) ------------------------------------- */
static double value(S *s, const Key *k);

static inline double known(S *s, const Key *k, int *ok) {
    if (is_term(k)) { *ok = 1; return (double)(k->w[0] & 1); }
    Ent *e = find(s, k);
    if (e && e->hasf) { *ok = 1; return e->fv; }
    *ok = 0;
    return 0.0;
}
static inline double val(S *s, const Key *k) {
    int ok;
    double v = known(s, k, &ok);
    return ok ? v : value(s, k);
}

static void redraw_key(const Key *k, Key *rk) {
    *rk = *k;
    rk->w[0] &= ~((uint64_t)7 << 35 | (uint64_t)15 << 38);
    rk->w[0] |= (uint64_t)P_REDRAW << 35;
}

static double only(S *s, const W *w, const Act *a) {
    Outs o = {0};
    double r = -1.0;
    if (outs(s, w, a, &o) < 0) goto done;
    if (o.has_k0) {
        double v0 = val(s, &o.k0);
        if (s->err) goto done;
        if (v0 == 0.0) { r = 0.0; goto done; }
    }
    double total = 0.0, m = 0.0;
    for (int j = 0; j < o.n; j++) {
        double x = val(s, &o.v[j].k);
        if (s->err) goto done;
        total += o.v[j].p * x;
        m += o.v[j].p;
    }
    r = total / m;
done:
    free(o.v);
    return r;
}

static double scan(S *s, const W *w, const Act *acts, int na, const Key *k, double *fv, int *ok) {
    double best = 0.0, floor = -1.0;
    Outs o = {0};
    for (int ai = 0; ai < na; ai++) ok[ai] = 0;
    for (int ai = 0; ai < na; ai++) {
        const Act *a = &acts[ai];
        Key rk;
        int has_rk = 0;
        if (a->kind == A_REDRAW) {
            redraw_key(k, &rk);
            has_rk = 1;
            Ent *e = find(s, &rk);
            if (e && e->hasf) {
                double v = e->fv;
                fv[ai] = v; ok[ai] = 1;
                if (v > best) { best = v; floor = best - TOL; }
                if (best >= 1.0) break;
                continue;
            }
        }
        if (outs(s, w, a, &o) < 0) break;
        double cap = 1.0;
        if (o.has_k0) {
            cap = val(s, &o.k0);
            if (s->err) break;
            if (cap == 0.0) { fv[ai] = 0.0; ok[ai] = 1; continue; }
        }
        /* the outcomes already known first, then the others, each bounded by cap */
        double total = 0.0, m = 0.0, rest = 0.0;
        for (int j = 0; j < o.n; j++) {
            int kn;
            double x = known(s, &o.v[j].k, &kn);
            o.v[j].todo = !kn;
            if (kn) { total += o.v[j].p * x; m += o.v[j].p; }
            else rest += o.v[j].p;
        }
        double mass = m + rest;
        int finished = 1;
        for (int j = 0; j < o.n; j++) {
            if (!o.v[j].todo) continue;
            if (total + rest * cap < floor * mass) { finished = 0; break; }
            double p = o.v[j].p, v = value(s, &o.v[j].k);
            if (s->err) { finished = 0; break; }
            total += p * v;
            m += p;
            rest -= p;
        }
        if (s->err) break;
        if (finished) {
            double v = total / m;   /* a sure win comes out as exactly 1.0 */
            if (has_rk) {
                Ent *e = get(s, &rk);
                if (!e) break;
                e->fv = v; e->hasf = 1;
            }
            if (v > best) { best = v; floor = best - TOL; }
            fv[ai] = v; ok[ai] = 1;
        }
        if (best >= 1.0) break;
    }
    free(o.v);
    return best;
}

static double value(S *s, const Key *k) {
    Ent *e = find(s, k);
    if (e && e->hasf) return e->fv;
    s->nodes++;
    /* a person can stop a long search (Ctrl+C, a notebook's interrupt, a time limit's signal):
     * what was finished stays memoised, as when the budget runs out */
    if (!(s->nodes & 0xffff) && PyErr_CheckSignals() < 0) { s->err = 1; return -1.0; }
    if (s->budget >= 0 && s->nodes > s->budget) {
        PyErr_SetObject(s->over_exc, PyLong_FromLongLong(s->nodes));
        s->err = 1;
        return -1.0;
    }
    W w;
    unpack(s, k, &w);
    Act acts[MAXA];
    int na = search_actions(s, &w, acts);
    double best;
    if (na == 1) {
        best = only(s, &w, &acts[0]);
        if (s->err) return -1.0;
        e = get(s, k);
        if (!e) return -1.0;
        e->fv = best; e->hasf = 1;
        return best;
    }
    double fv[MAXA];
    int ok[MAXA];
    best = scan(s, &w, acts, na, k, fv, ok);
    if (s->err) return -1.0;
    e = get(s, k);
    if (!e) return -1.0;
    e->fv = best; e->hasf = 1;
    if (best > 0.0) {
        /* the options exact() must try, best first; a stable order keeps the legal order */
        double fl = best - TOL;
        uint8_t cs[MAXA];
        int nc = 0;
        for (int j = 0; j < na; j++) if (ok[j] && fv[j] >= fl) cs[nc++] = (uint8_t)j;
        for (int a = 1; a < nc; a++) {
            uint8_t x = cs[a];
            int b = a - 1;
            while (b >= 0 && fv[cs[b]] < fv[x]) { cs[b + 1] = cs[b]; b--; }
            cs[b + 1] = x;
        }
        e->ncand = (uint8_t)nc;
        if (nc == 1) e->cand1 = cs[0];
        else if (nc > 1) {
            e->cand = malloc(nc);
            if (!e->cand) { PyErr_NoMemory(); s->err = 1; return -1.0; }
            memcpy(e->cand, cs, nc);
        }
    }
    return best;
}

/* ---- exact values (InterrogationSolver._exact, _exact_action) ------------------------------ */
static PyObject *lpow(S *s, int e) {   /* borrowed */
    while (e >= s->nlpow) {
        int n = s->nlpow ? s->nlpow * 2 : 16;
        PyObject **v = realloc(s->lpow, n * sizeof(PyObject *));
        if (!v) { PyErr_NoMemory(); s->err = 1; return NULL; }
        PyObject *L = PyLong_FromLongLong(s->L);
        for (int j = s->nlpow; j < n; j++) {
            v[j] = j ? PyNumber_Multiply(v[j - 1], L) : PyLong_FromLong(1);
            if (!v[j]) { Py_DECREF(L); s->lpow = v; s->nlpow = j; s->err = 1; return NULL; }
        }
        Py_DECREF(L);
        s->lpow = v;
        s->nlpow = n;
    }
    return s->lpow[e];
}

static int exact(S *s, const Key *k, PyObject **n, int *e);

static int exact_action(S *s, const W *w, const Act *a, PyObject **rn, int *re) {
    Outs o = {0};
    PyObject *sum = NULL, **xs = NULL;
    int *es = NULL, np = 0, top = 0, rc = -1;
    if (outs(s, w, a, &o) < 0) goto done;
    xs = calloc(o.n ? o.n : 1, sizeof(PyObject *));
    es = calloc(o.n ? o.n : 1, sizeof(int));
    if (!xs || !es) { PyErr_NoMemory(); s->err = 1; goto done; }
    for (int j = 0; j < o.n; j++) {
        PyObject *cn;
        int ce;
        if (exact(s, &o.v[j].k, &cn, &ce) < 0) goto done;
        if (PyObject_IsTrue(cn)) {
            PyObject *q = PyLong_FromLongLong(o.v[j].q);
            xs[np] = q ? PyNumber_Multiply(q, cn) : NULL;
            Py_XDECREF(q);
            Py_DECREF(cn);
            if (!xs[np]) { s->err = 1; goto done; }
            es[np++] = ce;
            if (ce > top) top = ce;
        } else {
            Py_DECREF(cn);
        }
    }
    sum = PyLong_FromLong(0);
    for (int j = 0; j < np && sum; j++) {
        PyObject *p = lpow(s, top - es[j]);
        PyObject *t = p ? PyNumber_Multiply(xs[j], p) : NULL;
        PyObject *u = t ? PyNumber_Add(sum, t) : NULL;
        Py_XDECREF(t);
        Py_DECREF(sum);
        sum = u;
    }
    if (!sum) { s->err = 1; goto done; }
    int ex = top + s->dmax;
    PyObject *L = PyLong_FromLongLong(s->L);
    while (ex && L) {   /* L ** e as small as it can be */
        PyObject *qr = PyNumber_Divmod(sum, L);
        if (!qr) break;
        if (PyObject_IsTrue(PyTuple_GET_ITEM(qr, 1))) { Py_DECREF(qr); break; }
        PyObject *q = PyTuple_GET_ITEM(qr, 0);
        Py_INCREF(q);
        Py_DECREF(qr);
        Py_DECREF(sum);
        sum = q;
        ex--;
    }
    Py_XDECREF(L);
    if (PyErr_Occurred()) { s->err = 1; goto done; }
    *rn = sum;
    sum = NULL;
    *re = ex;
    rc = 0;
done:
    for (int j = 0; j < np; j++) Py_XDECREF(xs[j]);
    free(xs);
    free(es);
    Py_XDECREF(sum);
    free(o.v);
    if (rc < 0) s->err = 1;
    return rc;
}

/* is n1 / L**e1 > n2 / L**e2 ? (-1 on error) */
static int greater(S *s, PyObject *n1, int e1, PyObject *n2, int e2) {
    PyObject *a, *b;
    if (e1 >= e2) {
        PyObject *p = lpow(s, e1 - e2);
        if (!p) return -1;
        a = n1; Py_INCREF(a);
        b = PyNumber_Multiply(n2, p);
    } else {
        PyObject *p = lpow(s, e2 - e1);
        if (!p) return -1;
        a = PyNumber_Multiply(n1, p);
        b = n2; Py_INCREF(b);
    }
    int r = (a && b) ? PyObject_RichCompareBool(a, b, Py_GT) : -1;
    Py_XDECREF(a);
    Py_XDECREF(b);
    return r;
}

static int exact(S *s, const Key *k, PyObject **n, int *e) {
    if (is_term(k)) { *n = PyLong_FromLong((long)(k->w[0] & 1)); *e = 0; return *n ? 0 : -1; }
    Ent *en = find(s, k);
    if (en && en->xn) { Py_INCREF(en->xn); *n = en->xn; *e = en->xe; return 0; }
    double v = val(s, k);
    if (s->err) return -1;
    PyObject *bn = NULL;
    int be = 0;
    if (v != 0.0) {   /* a float 0 is an exact 0 (see the Python solver) */
        W w;
        unpack(s, k, &w);
        Act acts[MAXA];
        int na = search_actions(s, &w, acts);
        uint8_t cs[MAXA];
        int nc;
        en = find(s, k);
        if (en && en->ncand) {
            nc = en->ncand;
            if (nc == 1) cs[0] = en->cand1; else memcpy(cs, en->cand, nc);
        } else {
            nc = na;
            for (int j = 0; j < na; j++) cs[j] = (uint8_t)j;
        }
        bn = PyLong_FromLong(0);
        if (!bn) { s->err = 1; return -1; }
        for (int j = 0; j < nc; j++) {
            const Act *a = &acts[cs[j]];
            PyObject *xn;
            int xe;
            if (a->kind == A_REDRAW) {
                Key rk;
                redraw_key(k, &rk);
                Ent *r = find(s, &rk);
                if (r && r->xn) { Py_INCREF(r->xn); xn = r->xn; xe = r->xe; }
                else {
                    if (exact_action(s, &w, a, &xn, &xe) < 0) { Py_DECREF(bn); return -1; }
                    r = get(s, &rk);
                    if (!r) { Py_DECREF(xn); Py_DECREF(bn); return -1; }
                    Py_INCREF(xn); r->xn = xn; r->xe = xe;
                }
            } else if (exact_action(s, &w, a, &xn, &xe) < 0) {
                Py_DECREF(bn);
                return -1;
            }
            int g = greater(s, xn, xe, bn, be);
            if (g < 0) { Py_DECREF(xn); Py_DECREF(bn); s->err = 1; return -1; }
            if (g) {
                Py_DECREF(bn);
                bn = xn; be = xe;
                if (be == 0 && PyLong_AsLong(bn) == 1) break;   /* a sure win */
            } else {
                Py_DECREF(xn);
            }
        }
    } else {
        bn = PyLong_FromLong(0);
        if (!bn) { s->err = 1; return -1; }
    }
    en = get(s, k);
    if (!en) { Py_DECREF(bn); return -1; }
    Py_INCREF(bn);
    en->xn = bn;
    en->xe = be;
    *n = bn;
    *e = be;
    return 0;
}

/* ---- the Python type ------------------------------------------------------------------------- */
static int key_from_py(S *s, PyObject *t, Key *k) {
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 12) {
        PyErr_Format(PyExc_TypeError, "not a solver position: %R", t);
        return -1;
    }
#define INT(j) ((int)PyLong_AsLong(PyTuple_GET_ITEM(t, j)))
    PyObject *fr = PyTuple_GET_ITEM(t, 1), *p = PyTuple_GET_ITEM(t, 11);
    if (!PyTuple_Check(fr) || PyTuple_GET_SIZE(fr) > MAXF) {
        PyErr_Format(PyExc_ValueError, "front %R: at most %d Characters", fr, MAXF);
        return -1;
    }
    int f[MAXF], nf = (int)PyTuple_GET_SIZE(fr);
    for (int j = 0; j < nf; j++) f[j] = (int)PyLong_AsLong(PyTuple_GET_ITEM(fr, j));
    int pk = P_NONE, pa = 0, pb = 0, pc = 0, pd = 0;
    if (p != Py_None) {
        if (!PyTuple_Check(p) || PyTuple_GET_SIZE(p) < 2) { PyErr_Format(PyExc_TypeError, "decision %R", p); return -1; }
        const char *kind = PyUnicode_AsUTF8(PyTuple_GET_ITEM(p, 0));
        if (!kind) return -1;
        Py_ssize_t np = PyTuple_GET_SIZE(p);
        int v[4] = {0, 0, 0, 0};
        for (Py_ssize_t j = 1; j < np && j < 5; j++) v[j - 1] = (int)PyLong_AsLong(PyTuple_GET_ITEM(p, j));
        pk = !strcmp(kind, "cal") ? P_CAL : !strcmp(kind, "heal") ? P_HEAL : !strcmp(kind, "damage") ? P_DAMAGE : -1;
        if (pk < 0) { PyErr_Format(PyExc_ValueError, "decision %R", p); return -1; }
        pa = v[0]; pb = v[1]; pc = v[2]; pd = v[3];
    }
    int src = PyTuple_GET_ITEM(t, 7) != Py_None;
    int failed = PyObject_IsTrue(PyTuple_GET_ITEM(t, 9)), cur = PyObject_IsTrue(PyTuple_GET_ITEM(t, 10));
    int i = INT(0), nxt = INT(8);
    if (PyErr_Occurred()) return -1;
    if (i < 0 || i > s->n || nxt < 0 || nxt >= s->span || (src && !i)) {
        PyErr_Format(PyExc_ValueError, "position %R is not in this Memory", t);
        return -1;
    }
    /* every field within its bits in the packed key (a wider value would spill into the next) */
    int res = INT(2), resp = INT(3), buried = INT(4), uses = INT(5), pres = INT(6), bad = PyErr_Occurred() != NULL;
    for (int j = 0; j < nf; j++) bad |= f[j] < 0 || f[j] > 1023;
    bad |= res < 0 || res > 7 || resp < 0 || resp > 3 || buried < 0 || buried > 15 || uses < 0 || uses > 7
           || pres < 0 || pres > 7 || pa < 0 || pa > 15 || pb < 0 || pb > 7 || pc < 0 || pc > 7 || pd < 0 || pd > 7;
    if (bad) {
        if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "position %R: a field out of range", t);
        return -1;
    }
    pack(k, i, f, nf, res, resp, buried, uses, pres, src, nxt, failed, cur, pk, pa, pb, pc, pd);
#undef INT
    return PyErr_Occurred() ? -1 : 0;
}

/* value(key, budget) and exact(key, budget): the key read, the budget set (-1: none) */
static int begin(S *s, PyObject *args, Key *k) {
    PyObject *t;
    long long budget = -1;
    if (!PyArg_ParseTuple(args, "O|L", &t, &budget) || key_from_py(s, t, k) < 0) return -1;
    s->err = 0;
    s->budget = budget;
    return 0;
}

static PyObject *S_value(S *s, PyObject *args) {
    Key k;
    if (begin(s, args, &k) < 0) return NULL;
    double v = value(s, &k);
    s->budget = -1;
    if (s->err) { s->err = 0; return NULL; }
    return PyFloat_FromDouble(v);
}

static PyObject *S_exact(S *s, PyObject *args) {
    Key k;
    if (begin(s, args, &k) < 0) return NULL;
    PyObject *n;
    int e;
    int rc = exact(s, &k, &n, &e);
    s->budget = -1;
    if (rc < 0) { s->err = 0; return NULL; }
    return Py_BuildValue("(Ni)", n, e);
}

static PyObject *S_nodes(S *s, void *c) { return PyLong_FromLongLong(s->nodes); }
static Py_ssize_t S_len(S *s) { return (Py_ssize_t)s->size; }

static void S_dealloc(S *s) {
    for (size_t j = 0; j < s->size; j++) {
        Py_XDECREF(s->ents[j].xn);
        free(s->ents[j].cand);
    }
    free(s->ents);
    free(s->slots);
    for (int j = 0; j < s->nlpow; j++) Py_XDECREF(s->lpow[j]);
    free(s->lpow);
    if (s->eff) for (int j = 0; j < s->n; j++) free(s->eff[j]);
    free(s->eff); free(s->chars); free(s->neff); free(s->calm); free(s->nc_has); free(s->nc_add); free(s->nc_ign);
    free(s->ctx);
    Py_XDECREF(s->over_exc);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int ints(PyObject *o, int *out, int n, const char *what) {
    if (!PyTuple_Check(o) || PyTuple_GET_SIZE(o) != n) { PyErr_Format(PyExc_ValueError, "%s: %d ints", what, n); return -1; }
    for (int j = 0; j < n; j++) out[j] = (int)PyLong_AsLong(PyTuple_GET_ITEM(o, j));
    return PyErr_Occurred() ? -1 : 0;
}

/* Solver(banners, chars, calm, next_cal, contexts, span, base, respites, limit, power, max_uses,
 *        redraw_tokens, power_uses, dmax, L, OverBudget): see walking_deck/compiled.py, Compiled._compiled */
static int S_init(S *s, PyObject *args, PyObject *kw) {
    PyObject *banners, *chars, *calm, *next_cal, *ctxs, *base, *exc;
    long long L;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!iO!iiiiiiiLO", &PyList_Type, &banners, &PyList_Type, &chars,
                          &PyList_Type, &calm, &PyList_Type, &next_cal, &PyList_Type, &ctxs, &s->span,
                          &PyList_Type, &base, &s->respites, &s->limit, &s->power, &s->max_uses,
                          &s->redraw_tokens, &s->power_uses, &s->dmax, &L, &exc))
        return -1;
    int n = s->n = (int)PyList_GET_SIZE(banners);
    s->L = L;
    s->ldmax = 1;
    for (int j = 0; j < s->dmax; j++) s->ldmax *= L;
    s->adrien = s->power == PW_RESERVE_HEAL;
    s->eff = calloc(n ? n : 1, sizeof(Eff *));
    s->chars = calloc(n + 1, sizeof(int)); s->neff = calloc(n + 1, sizeof(int)); s->calm = calloc(n + 1, sizeof(int));
    s->nc_has = calloc(n + 1, sizeof(int)); s->nc_add = calloc(n + 1, sizeof(int)); s->nc_ign = calloc(n + 1, sizeof(int));
    if (!s->eff || !s->chars || !s->neff || !s->calm || !s->nc_has || !s->nc_add || !s->nc_ign) { PyErr_NoMemory(); return -1; }
    for (int i = 0; i < n; i++) {
        PyObject *g = PyList_GET_ITEM(banners, i);
        if (!PyTuple_Check(g)) { PyErr_SetString(PyExc_TypeError, "banners: tuples of (kind, a, b)"); return -1; }
        int ne = (int)PyTuple_GET_SIZE(g);
        s->neff[i] = ne;
        s->eff[i] = calloc(ne ? ne : 1, sizeof(Eff));
        if (!s->eff[i]) { PyErr_NoMemory(); return -1; }
        for (int j = 0; j < ne; j++) {
            int v[3];
            if (ints(PyTuple_GET_ITEM(g, j), v, 3, "effect") < 0) return -1;
            s->eff[i][j] = (Eff){v[0], v[1], v[2]};
        }
        s->chars[i] = (int)PyLong_AsLong(PyList_GET_ITEM(chars, i));
        s->calm[i] = (int)PyLong_AsLong(PyList_GET_ITEM(calm, i));
    }
    for (int i = 0; i <= n && i < PyList_GET_SIZE(next_cal); i++) {
        PyObject *x = PyList_GET_ITEM(next_cal, i);
        if (x == Py_None) continue;
        int v[2];
        if (ints(x, v, 2, "next_cal") < 0) return -1;
        s->nc_has[i] = 1; s->nc_add[i] = v[0]; s->nc_ign[i] = v[1];
    }
    s->nctx = (int)PyList_GET_SIZE(ctxs);
    if (s->nctx != (n + 1) * s->span * 2) { PyErr_SetString(PyExc_ValueError, "contexts: (n + 1) * span * 2 entries"); return -1; }
    s->ctx = calloc(s->nctx, sizeof(Ctx));
    if (!s->ctx) { PyErr_NoMemory(); return -1; }
    for (int j = 0; j < s->nctx; j++) {
        PyObject *c = PyList_GET_ITEM(ctxs, j);
        Ctx *x = &s->ctx[j];
        if (c == Py_None) { x->lost_at = 0; continue; }   /* never reached: lost at once */
        int v[4];
        if (!PyTuple_Check(c) || PyTuple_GET_SIZE(c) != 9) { PyErr_SetString(PyExc_ValueError, "context: 9 items"); return -1; }
        for (int q = 0; q < 4; q++) v[q] = (int)PyLong_AsLong(PyTuple_GET_ITEM(c, q));
        x->lost_at = v[0]; x->heal = v[1]; x->cal = v[2]; x->harm = v[3];
        if (ints(PyTuple_GET_ITEM(c, 4), x->heals, 8, "heals") < 0 || ints(PyTuple_GET_ITEM(c, 5), x->hurt, 8, "harm") < 0
            || ints(PyTuple_GET_ITEM(c, 7), &x->forced[0][0], 24, "forced") < 0
            || ints(PyTuple_GET_ITEM(c, 8), x->restores, 3, "restores") < 0)
            return -1;
        x->fx = (int)PyLong_AsLong(PyTuple_GET_ITEM(c, 6));
    }
    s->nb = (int)PyList_GET_SIZE(base);
    if (s->nb > 15) { PyErr_SetString(PyExc_ValueError, "base: at most 15 kinds of token"); return -1; }
    s->base_total = 0;
    for (int j = 0; j < s->nb; j++) {
        int v[2];
        if (ints(PyList_GET_ITEM(base, j), v, 2, "base") < 0) return -1;
        s->base_mask[j] = v[0]; s->base_cnt[j] = v[1]; s->base_total += v[1];
    }
    s->cap = 1 << 12;
    s->slots = calloc(s->cap, sizeof(Slot));
    if (!s->slots) { PyErr_NoMemory(); return -1; }
    Py_INCREF(exc);
    s->over_exc = exc;
    s->budget = -1;
    return PyErr_Occurred() ? -1 : 0;
}

static PyMethodDef S_methods[] = {
    {"value", (PyCFunction)S_value, METH_VARARGS, "value(key, budget=-1): the float value of a position"},
    {"exact", (PyCFunction)S_exact, METH_VARARGS, "exact(key, budget=-1): (n, e), the value n / L**e"},
    {NULL, NULL, 0, NULL},
};
static PyGetSetDef S_getset[] = {
    {"nodes", (getter)S_nodes, NULL, "decision positions searched", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
static PySequenceMethods S_seq = {.sq_length = (lenfunc)S_len};

static PyTypeObject SType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "gamelib.strategy._wds.Solver",
    .tp_basicsize = sizeof(S),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The compiled Interrogation search (see gamelib/strategy/walking_deck/)",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)S_init,
    .tp_dealloc = (destructor)S_dealloc,
    .tp_methods = S_methods,
    .tp_getset = S_getset,
    .tp_as_sequence = &S_seq,
};

static struct PyModuleDef mod = {PyModuleDef_HEAD_INIT, "_wds", "The compiled Interrogation search", -1, NULL};

PyMODINIT_FUNC PyInit__wds(void) {
    if (PyType_Ready(&SType) < 0) return NULL;
    PyObject *m = PyModule_Create(&mod);
    if (!m) return NULL;
    Py_INCREF(&SType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SType) < 0) { Py_DECREF(&SType); Py_DECREF(m); return NULL; }
    PyModule_AddIntConstant(m, "MAX_FRONT", MAXF);
    PyModule_AddIntConstant(m, "VERSION", 2);   /* walking_deck/compiled.py uses a build of this version only */
    return m;
}
