// One-line static inline wrappers over GMP. GMP spells its API as macros (`mpz_add` is
// `#define mpz_add __gmpz_add`, `mpz_sgn` is an expression macro), which Swift cannot import,
// so every function Tally uses is re-declared here under a `tally_` name. No logic lives here.
#ifndef TALLY_CGMP_SHIM_H
#define TALLY_CGMP_SHIM_H

#include <gmp.h>
#include <stddef.h>

static inline void tally_mpz_init(mpz_ptr x) { mpz_init(x); }
static inline void tally_mpz_init2(mpz_ptr x, mp_bitcnt_t bits) { mpz_init2(x, bits); }
static inline void tally_mpz_clear(mpz_ptr x) { mpz_clear(x); }
static inline void tally_mpz_set(mpz_ptr r, mpz_srcptr a) { mpz_set(r, a); }
static inline void tally_mpz_set_si(mpz_ptr r, long a) { mpz_set_si(r, a); }
static inline int tally_mpz_set_str(mpz_ptr r, const char *s, int base) { return mpz_set_str(r, s, base); }
static inline void tally_mpz_add(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_add(r, a, b); }
static inline void tally_mpz_sub(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_sub(r, a, b); }
static inline void tally_mpz_mul(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_mul(r, a, b); }
static inline void tally_mpz_mul_ui(mpz_ptr r, mpz_srcptr a, unsigned long b) { mpz_mul_ui(r, a, b); }
static inline void tally_mpz_neg(mpz_ptr r, mpz_srcptr a) { mpz_neg(r, a); }
static inline void tally_mpz_abs(mpz_ptr r, mpz_srcptr a) { mpz_abs(r, a); }
static inline void tally_mpz_tdiv_qr(mpz_ptr q, mpz_ptr r, mpz_srcptr n, mpz_srcptr d) { mpz_tdiv_qr(q, r, n, d); }
static inline void tally_mpz_divexact(mpz_ptr q, mpz_srcptr n, mpz_srcptr d) { mpz_divexact(q, n, d); }
static inline mp_bitcnt_t tally_mpz_remove(mpz_ptr r, mpz_srcptr a, mpz_srcptr f) { return mpz_remove(r, a, f); }
static inline void tally_mpz_ui_pow_ui(mpz_ptr r, unsigned long b, unsigned long e) { mpz_ui_pow_ui(r, b, e); }
static inline void tally_mpz_mul_2exp(mpz_ptr r, mpz_srcptr a, mp_bitcnt_t e) { mpz_mul_2exp(r, a, e); }
static inline int tally_mpz_cmp(mpz_srcptr a, mpz_srcptr b) { return mpz_cmp(a, b); }
static inline int tally_mpz_cmpabs(mpz_srcptr a, mpz_srcptr b) { return mpz_cmpabs(a, b); }
static inline int tally_mpz_sgn(mpz_srcptr a) { return mpz_sgn(a); }
static inline int tally_mpz_odd_p(mpz_srcptr a) { return mpz_odd_p(a); }
static inline int tally_mpz_fits_slong_p(mpz_srcptr a) { return mpz_fits_slong_p(a); }
static inline long tally_mpz_get_si(mpz_srcptr a) { return mpz_get_si(a); }
static inline unsigned long tally_mpz_fdiv_ui(mpz_srcptr a, unsigned long d) { return mpz_fdiv_ui(a, d); }
static inline size_t tally_mpz_sizeinbase(mpz_srcptr a, int base) { return mpz_sizeinbase(a, base); }
static inline char *tally_mpz_get_str(char *s, int base, mpz_srcptr a) { return mpz_get_str(s, base, a); }
static inline size_t tally_mpz_size(mpz_srcptr a) { return mpz_size(a); }
static inline mp_limb_t tally_mpz_getlimbn(mpz_srcptr a, mp_size_t n) { return mpz_getlimbn(a, n); }

#endif
