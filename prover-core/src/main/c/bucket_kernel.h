/*
 * One window's buckets and their batch-affine additions, for one group: included by ifma_msm.c
 * once for G1 (FIELD fe, over Fp) and once for G2 (FIELD fe2, over Fp2), with
 *   FIELD   the coordinates' lane type, whose operations are FIELD_mul, FIELD_add, ...
 *   PARTS   Fp elements per coordinate (1 or 2)
 *   CANONICAL_DIFFERENCE(a)  a product less a value of at most 2p (below 4p in Fp, 8p in Fp2,
 *           whose product's halves are themselves differences) to [0, p)
 *   K(name) the group's name for a function or type of this file.
 * A coordinate in memory is PARTS runs of 8 limbs; a point is x then y.
 */
#define F(op) CAT(FIELD, _##op)
#define COORD_LONGS (PARTS * NLIMBS)
#define POINT_LONGS (2 * COORD_LONGS)

typedef struct {
    /* First, as in every window: how many Fp elements a point has (ifma_msm.c dispatches on it). */
    int elements;
    int buckets;
    int batch;
    int spread;
    uint64_t *b;
    uint8_t *full;
    int32_t *stamp;
    int32_t epoch;
    int32_t *pend_bucket;
    int32_t *pend_point;
    uint8_t *pend_neg;
    int pending;
    int32_t *queue_point;
    int32_t *queue_digit;
    int queued;
    /* The batch's lanes, group by group: bucket x and y, point x, y_P -+ y_B, running products. */
    FIELD *xb;
    FIELD *yb;
    FIELD *xp;
    FIELD *dy;
    FIELD *prefix;
    /* Entries whose point has its bucket's x: doubled or emptied after the batch. */
    uint8_t *same_x;
} K(window_t);

/* The coordinate at offset of the eight points at rows[j] (NULL: zero), as lanes. */
IFMA_INLINE FIELD K(load_coordinate)(const uint64_t *const rows[8], int offset) {
    FIELD r;
    fe *parts = (fe *) &r;
    for (int q = 0; q < PARTS; q++) {
        parts[q] = load_group(rows, offset + q * NLIMBS);
    }
    return r;
}

IFMA_INLINE void K(store_coordinate)(const FIELD *v, uint64_t *const rows[8], int offset, __mmask8 write) {
    const fe *parts = (const fe *) v;
    for (int q = 0; q < PARTS; q++) {
        store_group(&parts[q], rows, offset + q * NLIMBS, write);
    }
}

/* The coordinate at xy + offset in every lane. */
IFMA_INLINE FIELD K(broadcast)(const uint64_t *xy, int offset) {
    FIELD r;
    fe *parts = (fe *) &r;
    for (int q = 0; q < PARTS; q++) {
        parts[q] = fe_broadcast(xy + offset + q * NLIMBS);
    }
    return r;
}

IFMA_INLINE void K(store_lane0)(const FIELD *v, uint64_t *xy, int offset) {
    const fe *parts = (const fe *) v;
    for (int q = 0; q < PARTS; q++) {
        store_lanes(&parts[q], xy + offset + q * NLIMBS, 0, 1);
    }
}

/* The affine point at xy doubled in place (lane 0 of the lanes; the rare case of P + P). */
IFMA static void K(double_point)(uint64_t *xy) {
    FIELD x = K(broadcast)(xy, 0);
    FIELD y = K(broadcast)(xy, COORD_LONGS);
    FIELD xx = F(mul)(&x, &x);
    F(canonical)(&xx);
    FIELD num = F(add)(&xx, &xx);
    num = F(add)(&num, &xx);
    FIELD den = F(add)(&y, &y);
    FIELD inv = F(inverse)(&den);
    FIELD lambda = F(mul)(&num, &inv);
    FIELD two_x = F(add)(&x, &x);
    FIELD x3 = F(mul)(&lambda, &lambda);
    x3 = F(sub)(&x3, &two_x);
    F(canonical)(&x3);
    FIELD u = F(sub)(&x, &x3);
    FIELD y3 = F(mul)(&lambda, &u);
    y3 = F(sub)(&y3, &y);
    F(canonical)(&y3);
    K(store_lane0)(&x3, xy, 0);
    K(store_lane0)(&y3, xy, COORD_LONGS);
}

/* Rows of group g's targets and sources (NULL past n), and the lanes that hold additions. */
static __mmask8 K(group_rows)(const K(window_t) *w, uint64_t *targets, const uint64_t *sources, int g, int n,
        uint64_t *buckets[8], const uint64_t *pts[8]) {
    __mmask8 valid = 0;
    for (int j = 0; j < 8; j++) {
        int i = g * 8 + j;
        if (i < n) {
            buckets[j] = targets + (size_t) w->pend_bucket[i] * POINT_LONGS;
            pts[j] = sources + (size_t) w->pend_point[i] * POINT_LONGS;
            valid |= (__mmask8) (1 << j);
        } else {
            buckets[j] = NULL;
            pts[j] = NULL;
        }
    }
    return valid;
}

/*
 * The pending additions: targets[pend_bucket[i]] += (-1)^pend_neg[i] sources[pend_point[i]], the
 * targets distinct and full; a target that sums to the identity is marked empty in target_full.
 */
IFMA static void K(run_batch)(K(window_t) *w, uint64_t *targets, uint8_t *target_full, const uint64_t *sources,
        int n) {
    if (n == 0) {
        return;
    }
    int groups = (n + 7) / 8;
    FIELD one = F(one)();
    FIELD zero = F(zero)();
    for (int g = 0; g < groups; g++) {
        uint64_t *brows[8];
        const uint64_t *prows[8];
        __mmask8 valid = K(group_rows)(w, targets, sources, g, n, brows, prows);
        __mmask8 neg = 0;
        for (int j = 0; j < 8 && g * 8 + j < n; j++) {
            neg |= (__mmask8) (w->pend_neg[g * 8 + j] << j);
        }
        FIELD xb = K(load_coordinate)((const uint64_t *const *) brows, 0);
        FIELD yb = K(load_coordinate)((const uint64_t *const *) brows, COORD_LONGS);
        FIELD xp = K(load_coordinate)(prows, 0);
        FIELD yp = K(load_coordinate)(prows, COORD_LONGS);
        __mmask8 same = F(equal)(&xb, &xp) & valid;
        for (int j = 0; j < 8; j++) {
            if (same >> j & 1) {
                w->same_x[g * 8 + j] = 1;
            }
        }
        /* Padding and same-x lanes get a harmless non-zero denominator, 1 - 0. */
        __mmask8 pad = (__mmask8) (~valid | same);
        xp = F(blend)(pad, &xp, &one);
        xb = F(blend)(pad, &xb, &zero);
        if (neg) {
            /* 2p - y, not brought below p: it only enters y_P - y_B, a product's factor. */
            FIELD ny = F(sub)(&zero, &yp);
            yp = F(blend)(neg, &yp, &ny);
        }
        FIELD dx = F(sub)(&xp, &xb);
        w->xb[g] = xb;
        w->yb[g] = yb;
        w->xp[g] = xp;
        w->dy[g] = F(sub)(&yp, &yb);
        w->prefix[g] = g == 0 ? dx : F(mul)(&w->prefix[g - 1], &dx);
    }
    FIELD last = w->prefix[groups - 1];
    F(canonical)(&last);
    FIELD inv = F(inverse)(&last);
    for (int g = groups - 1; g >= 0; g--) {
        FIELD dx = F(sub)(&w->xp[g], &w->xb[g]);
        FIELD den;
        if (g > 0) {
            den = F(mul)(&inv, &w->prefix[g - 1]);
            inv = F(mul)(&inv, &dx);
        } else {
            den = inv;
        }
        FIELD lambda = F(mul)(&w->dy[g], &den);
        FIELD s = F(add)(&w->xb[g], &w->xp[g]);
        FIELD x3 = F(mul)(&lambda, &lambda);
        x3 = F(sub)(&x3, &s);
        CANONICAL_DIFFERENCE(&x3);
        FIELD u = F(sub)(&w->xb[g], &x3);
        FIELD y3 = F(mul)(&lambda, &u);
        y3 = F(sub)(&y3, &w->yb[g]);
        CANONICAL_DIFFERENCE(&y3);
        uint64_t *brows[8];
        const uint64_t *prows[8];
        __mmask8 write = K(group_rows)(w, targets, sources, g, n, brows, prows);
        for (int j = 0; j < 8 && g * 8 + j < n; j++) {
            if (w->same_x[g * 8 + j]) {
                write &= (__mmask8) ~(1 << j);
            }
        }
        K(store_coordinate)(&x3, brows, 0, write);
        K(store_coordinate)(&y3, brows, COORD_LONGS, write);
    }
    for (int i = 0; i < n; i++) {
        if (!w->same_x[i]) {
            continue;
        }
        w->same_x[i] = 0;
        uint64_t *bucket = targets + (size_t) w->pend_bucket[i] * POINT_LONGS;
        const uint64_t *p = sources + (size_t) w->pend_point[i] * POINT_LONGS;
        uint64_t y[COORD_LONGS];
        if (w->pend_neg[i]) {
            negate(p + COORD_LONGS, y, PARTS);
        } else {
            memcpy(y, p + COORD_LONGS, sizeof y);
        }
        if (memcmp(y, bucket + COORD_LONGS, sizeof y) == 0) {
            K(double_point)(bucket);
        } else {
            target_full[w->pend_bucket[i]] = 0;
        }
    }
}

static int K(slot)(const K(window_t) *w, int point, int d) {
    int magnitude = d < 0 ? -d : d;
    return ((magnitude - 1) << w->spread) | (point & ((1 << w->spread) - 1));
}

static void K(copy_in)(K(window_t) *w, const uint64_t *points, int b, int point, int neg) {
    uint64_t *bucket = w->b + (size_t) b * POINT_LONGS;
    const uint64_t *p = points + (size_t) point * POINT_LONGS;
    memcpy(bucket, p, COORD_LONGS * sizeof(uint64_t));
    if (neg) {
        negate(p + COORD_LONGS, bucket + COORD_LONGS, PARTS);
    } else {
        memcpy(bucket + COORD_LONGS, p + COORD_LONGS, COORD_LONGS * sizeof(uint64_t));
    }
    w->full[b] = 1;
}

/* Adds point with digit d to the batch, or queues it when its bucket already has an addition there. */
static void K(schedule)(K(window_t) *w, const uint64_t *points, int b, int point, int d) {
    if (w->stamp[b] == w->epoch || w->pending == w->batch) {
        w->queue_point[w->queued] = point;
        w->queue_digit[w->queued] = d;
        w->queued++;
        return;
    }
    w->stamp[b] = w->epoch;
    /* The batch runs when it is full, thousands of additions later: bucket and point are in cache by then. */
    const char *line = (const char *) (w->b + (size_t) b * POINT_LONGS);
    const char *source = (const char *) (points + (size_t) point * POINT_LONGS);
    for (int o = 0; o < POINT_LONGS * 8; o += 64) {
        __builtin_prefetch(line + o);
        __builtin_prefetch(source + o);
    }
    w->pend_bucket[w->pending] = b;
    w->pend_point[w->pending] = point;
    w->pend_neg[w->pending] = d < 0;
    w->pending++;
}

static void K(flush)(K(window_t) *w, const uint64_t *points) {
    K(run_batch)(w, w->b, w->full, points, w->pending);
    w->pending = 0;
    w->epoch++;
    int q = w->queued;
    w->queued = 0;
    for (int i = 0; i < q; i++) {
        int point = w->queue_point[i];
        int d = w->queue_digit[i];
        int b = K(slot)(w, point, d);
        if (!w->full[b]) {
            K(copy_in)(w, points, b, point, d < 0);
        } else {
            K(schedule)(w, points, b, point, d);
        }
    }
}

/* Adds point i of the chunk with digit d (non-zero) to its bucket, running the batch when it fills. */
static void K(add)(K(window_t) *w, const chunk_t *ch, int i, int d) {
    int b = K(slot)(w, i, d);
    if (!w->full[b]) {
        K(copy_in)(w, ch->points, b, i, d < 0);
        return;
    }
    K(schedule)(w, ch->points, b, i, d);
    if (w->pending == w->batch || w->queued == w->batch) {
        K(flush)(w, ch->points);
    }
}

static void K(finish)(K(window_t) *w, const chunk_t *ch) {
    while (w->pending > 0 || w->queued > 0) {
        K(flush)(w, ch->points);
    }
}

static void K(accumulate)(K(window_t) *w, const chunk_t *ch, int count, int wi, int c) {
    for (int i = 0; i < count; i++) {
        if (!ch->identity[i]) {
            int d = digit(ch->digits, i, wi, c);
            if (d != 0) {
                K(add)(w, ch, i, d);
            }
        }
    }
    K(finish)(w, ch);
}

/* The chunk's points from .. to - 1 whose bit first + i is set in the bitmap (its words from word0 on), each with digit 1. */
static void K(accumulate_selected)(K(window_t) *w, const chunk_t *ch, const uint64_t *bitmap, int word0, int first,
        int from, int to) {
    for (int i = from; i < to; i++) {
        size_t at = (size_t) first + i;
        if ((bitmap[(at >> 6) - word0] >> (at & 63) & 1) && !ch->identity[i]) {
            K(add)(w, ch, i, 1);
        }
    }
    K(finish)(w, ch);
}

/* Copies sources[s] into an empty targets[b], or queues the addition as pending number n; returns the new count. */
static int K(add_or_copy)(K(window_t) *w, uint64_t *targets, uint8_t *target_full, int b, const uint64_t *sources,
        int s, int n) {
    if (!target_full[b]) {
        memcpy(targets + (size_t) b * POINT_LONGS, sources + (size_t) s * POINT_LONGS, POINT_LONGS * sizeof(uint64_t));
        target_full[b] = 1;
        return n;
    }
    w->pend_bucket[n] = b;
    w->pend_point[n] = s;
    w->pend_neg[n] = 0;
    return n + 1;
}

/*
 * BucketAccumulator.reduce's batched part: each digit's 2^spread slots summed into its first,
 * then the digits cut into segments of m, walking down each segment its running sum R_j takes the
 * next bucket and its weighted sum T_j takes R_j, all segments side by side as one batch per step.
 * Leaves R_j and T_j (affine, with their full flags) for combine.
 */
static void K(reduce)(K(window_t) *w, int segments, int m, uint64_t *running, uint8_t *running_full,
        uint64_t *weighted, uint8_t *weighted_full) {
    for (int stride = 1; stride < 1 << w->spread; stride <<= 1) {
        int n = 0;
        for (int b = 0; b < w->buckets; b += 2 * stride) {
            if (w->full[b + stride]) {
                n = K(add_or_copy)(w, w->b, w->full, b, w->b, b + stride, n);
                if (n == w->batch) {
                    K(run_batch)(w, w->b, w->full, w->b, n);
                    n = 0;
                }
            }
        }
        K(run_batch)(w, w->b, w->full, w->b, n);
    }
    memset(running_full, 0, (size_t) segments);
    memset(weighted_full, 0, (size_t) segments);
    for (int step = m - 1; step >= 0; step--) {
        int n = 0;
        for (int j = 0; j < segments; j++) {
            int k = (j * m + step) << w->spread;
            if (w->full[k]) {
                n = K(add_or_copy)(w, running, running_full, j, w->b, k, n);
            }
        }
        K(run_batch)(w, running, running_full, w->b, n);
        n = 0;
        for (int j = 0; j < segments; j++) {
            if (running_full[j]) {
                n = K(add_or_copy)(w, weighted, weighted_full, j, running, j, n);
            }
        }
        K(run_batch)(w, weighted, weighted_full, running, n);
    }
}

/*
 * The reduction's last steps in Jacobian coordinates (X / Z^2, Y / Z^3; Z = 0 the identity), one
 * point in lane 0 of the lanes: a few hundred additions per window, too few to batch, and in Java
 * they would be the MSM's coldest code (still interpreted or barely compiled in a fresh JVM). Every
 * coordinate is kept canonical.
 */
typedef struct {
    FIELD x;
    FIELD y;
    FIELD z;
} K(jacobian_t);

IFMA_INLINE FIELD K(cmul)(const FIELD *a, const FIELD *b) {
    FIELD r = F(mul)(a, b);
    F(canonical)(&r);
    return r;
}

IFMA_INLINE FIELD K(cadd)(const FIELD *a, const FIELD *b) {
    FIELD r = F(add)(a, b);
    F(canonical)(&r);
    return r;
}

IFMA_INLINE FIELD K(csub)(const FIELD *a, const FIELD *b) {
    FIELD r = F(sub)(a, b);
    F(canonical)(&r);
    return r;
}

IFMA_INLINE int K(is_zero)(const FIELD *a) {
    FIELD zero = F(zero)();
    return F(equal)(a, &zero) & 1;
}

/* p = 2 p (dbl-2009-l, a = 0). */
IFMA static void K(jacobian_double)(K(jacobian_t) *p) {
    if (K(is_zero)(&p->z)) {
        return;
    }
    FIELD a = K(cmul)(&p->x, &p->x);
    FIELD b = K(cmul)(&p->y, &p->y);
    FIELD c = K(cmul)(&b, &b);
    FIELD xb = K(cadd)(&p->x, &b);
    FIELD d = K(cmul)(&xb, &xb);
    d = K(csub)(&d, &a);
    d = K(csub)(&d, &c);
    d = K(cadd)(&d, &d);
    FIELD e = K(cadd)(&a, &a);
    e = K(cadd)(&e, &a);
    FIELD f = K(cmul)(&e, &e);
    FIELD d2 = K(cadd)(&d, &d);
    FIELD x3 = K(csub)(&f, &d2);
    FIELD c8 = K(cadd)(&c, &c);
    c8 = K(cadd)(&c8, &c8);
    c8 = K(cadd)(&c8, &c8);
    FIELD t = K(csub)(&d, &x3);
    FIELD y3 = K(cmul)(&e, &t);
    y3 = K(csub)(&y3, &c8);
    FIELD z3 = K(cmul)(&p->y, &p->z);
    p->z = K(cadd)(&z3, &z3);
    p->x = x3;
    p->y = y3;
}

/*
 * The common end of the full and the mixed addition (add-1998-cmo-2), both points brought to the
 * same Z: u1 = X1 Z2^2, s1 = Y1 Z2^3, u2 = X2 Z1^2, s2 = Y2 Z1^3, zz = Z1 Z2; p becomes the sum.
 */
IFMA static void K(jacobian_finish)(K(jacobian_t) *p, const FIELD *u1, const FIELD *s1, const FIELD *u2,
        const FIELD *s2, const FIELD *zz) {
    FIELD h = K(csub)(u2, u1);
    FIELD r = K(csub)(s2, s1);
    if (K(is_zero)(&h)) {
        if (K(is_zero)(&r)) {
            K(jacobian_double)(p);
        } else {
            p->z = F(zero)();
        }
        return;
    }
    FIELD hh = K(cmul)(&h, &h);
    FIELD hhh = K(cmul)(&hh, &h);
    FIELD v = K(cmul)(u1, &hh);
    FIELD x3 = K(cmul)(&r, &r);
    x3 = K(csub)(&x3, &hhh);
    x3 = K(csub)(&x3, &v);
    x3 = K(csub)(&x3, &v);
    FIELD t = K(csub)(&v, &x3);
    FIELD y3 = K(cmul)(&r, &t);
    FIELD sh = K(cmul)(s1, &hhh);
    y3 = K(csub)(&y3, &sh);
    p->z = K(cmul)(zz, &h);
    p->x = x3;
    p->y = y3;
}

/* p += q. */
IFMA static void K(jacobian_add)(K(jacobian_t) *p, const K(jacobian_t) *q) {
    if (K(is_zero)(&q->z)) {
        return;
    }
    if (K(is_zero)(&p->z)) {
        *p = *q;
        return;
    }
    FIELD z1z1 = K(cmul)(&p->z, &p->z);
    FIELD z2z2 = K(cmul)(&q->z, &q->z);
    FIELD u1 = K(cmul)(&p->x, &z2z2);
    FIELD u2 = K(cmul)(&q->x, &z1z1);
    FIELD s1 = K(cmul)(&p->y, &q->z);
    s1 = K(cmul)(&s1, &z2z2);
    FIELD s2 = K(cmul)(&q->y, &p->z);
    s2 = K(cmul)(&s2, &z1z1);
    FIELD zz = K(cmul)(&p->z, &q->z);
    K(jacobian_finish)(p, &u1, &s1, &u2, &s2, &zz);
}

/* p += the affine point at xy (the buckets' layout). */
IFMA static void K(jacobian_add_affine)(K(jacobian_t) *p, const uint64_t *xy) {
    K(jacobian_t) q;
    q.x = K(broadcast)(xy, 0);
    q.y = K(broadcast)(xy, COORD_LONGS);
    q.z = F(one)();
    if (K(is_zero)(&p->z)) {
        *p = q;
        return;
    }
    FIELD z1z1 = K(cmul)(&p->z, &p->z);
    FIELD u2 = K(cmul)(&q.x, &z1z1);
    FIELD s2 = K(cmul)(&q.y, &p->z);
    s2 = K(cmul)(&s2, &z1z1);
    FIELD zz = p->z;
    FIELD u1 = p->x;
    FIELD s1 = p->y;
    K(jacobian_finish)(p, &u1, &s1, &u2, &s2, &zz);
}

/*
 * The window's sum from the segments' running sums R_j and weighted sums T_j (reduce):
 * sum_j T_j + m sum_j j R_j, the inner sum by a running sum from the top segment down.
 */
IFMA static K(jacobian_t) K(combine)(const uint64_t *running, const uint8_t *running_full, const uint64_t *weighted,
        const uint8_t *weighted_full, int segments, int m) {
    K(jacobian_t) sum = {F(zero)(), F(zero)(), F(zero)()};
    K(jacobian_t) multiples = sum;
    K(jacobian_t) out = sum;
    for (int j = segments - 1; j >= 0; j--) {
        K(jacobian_add)(&multiples, &sum);
        if (running_full[j]) {
            K(jacobian_add_affine)(&sum, running + (size_t) j * POINT_LONGS);
        }
        if (weighted_full[j]) {
            K(jacobian_add_affine)(&out, weighted + (size_t) j * POINT_LONGS);
        }
    }
    for (int i = m; i > 1; i >>= 1) {
        K(jacobian_double)(&multiples);
    }
    K(jacobian_add)(&out, &multiples);
    return out;
}

/* p's X, Y and Z (lane 0) to xyz, one coordinate after another. */
IFMA static void K(store_jacobian)(const K(jacobian_t) *p, uint64_t *xyz) {
    K(store_lane0)(&p->x, xyz, 0);
    K(store_lane0)(&p->y, xyz, COORD_LONGS);
    K(store_lane0)(&p->z, xyz, 2 * COORD_LONGS);
}

static void K(free_window)(K(window_t) *w) {
    void *parts[] = {w->b, w->full, w->stamp, w->pend_bucket, w->pend_point, w->pend_neg, w->queue_point,
            w->queue_digit, w->xb, w->yb, w->xp, w->dy, w->prefix, w->same_x};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        free(parts[i]);
    }
    free(w);
}

static K(window_t) *K(new_window)(int buckets, int batch, int spread) {
    K(window_t) *w = calloc(1, sizeof *w);
    if (w == NULL) {
        return NULL;
    }
    int groups = (batch + 7) / 8;
    w->elements = 2 * PARTS;
    w->buckets = buckets;
    w->batch = batch;
    w->spread = spread;
    w->epoch = 1;
    w->b = aligned((size_t) buckets * POINT_LONGS * sizeof(uint64_t));
    w->full = calloc((size_t) buckets, 1);
    w->stamp = calloc((size_t) buckets, sizeof(int32_t));
    w->pend_bucket = malloc((size_t) batch * sizeof(int32_t));
    w->pend_point = malloc((size_t) batch * sizeof(int32_t));
    w->pend_neg = malloc((size_t) batch);
    w->queue_point = malloc((size_t) batch * sizeof(int32_t));
    w->queue_digit = malloc((size_t) batch * sizeof(int32_t));
    w->xb = aligned((size_t) groups * sizeof(FIELD));
    w->yb = aligned((size_t) groups * sizeof(FIELD));
    w->xp = aligned((size_t) groups * sizeof(FIELD));
    w->dy = aligned((size_t) groups * sizeof(FIELD));
    w->prefix = aligned((size_t) groups * sizeof(FIELD));
    w->same_x = calloc((size_t) groups * 8, 1);
    void *parts[] = {w->b, w->full, w->stamp, w->pend_bucket, w->pend_point, w->pend_neg, w->queue_point,
            w->queue_digit, w->xb, w->yb, w->xp, w->dy, w->prefix, w->same_x};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        if (parts[i] == NULL) {
            K(free_window)(w);
            return NULL;
        }
    }
    return w;
}

#undef F
#undef COORD_LONGS
#undef POINT_LONGS
