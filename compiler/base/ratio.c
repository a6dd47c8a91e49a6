/* SPDX-License-Identifier: MIT */
/* Exact rational numbers (see ratio.h). */
#include "base/ratio.h"

#include <ctype.h>

#if !defined(__SIZEOF_INT128__)
#error "rtab's compiler needs a 128-bit integer type for exact quantities (gcc or clang)"
#endif

__extension__ typedef __int128 wide;
__extension__ typedef unsigned __int128 uwide;

static uwide gcd_wide(uwide a, uwide b)
{
	while (b) {
		uwide t = a % b;
		a = b;
		b = t;
	}
	return a;
}

static uwide magnitude(wide x)
{
	return x < 0 ? (uwide)0 - (uwide)x : (uwide)x;
}

/* n/d (d > 0) reduced into out; false past 64 bits. */
static bool fit(wide n, uwide d, ratio *out)
{
	uwide g = gcd_wide(magnitude(n), d);
	if (g > 1) {
		d /= g;
		n = n < 0 ? -(wide)(magnitude(n) / g) : (wide)(magnitude(n) / g);
	}
	if (d > (uwide)INT64_MAX || n > (wide)INT64_MAX || n < (wide)INT64_MIN)
		return false;
	*out = (ratio){(int64_t)n, (int64_t)d};
	return true;
}

ratio ratio_of(int64_t num, int64_t den)
{
	wide n = num, d = den;
	if (d < 0) {
		n = -n;
		d = -d;
	}
	ratio r = {num, den};
	if (!fit(n, (uwide)d, &r)) /* only INT64_MIN over -1: keep it as given */
		r = (ratio){num, den};
	return r;
}

int ratio_compare(ratio a, ratio b)
{
	wide x = (wide)a.num * b.den, y = (wide)b.num * a.den; /* each below 2^126 */
	return x < y ? -1 : x > y;
}

bool ratio_mul(ratio a, ratio b, ratio *out)
{
	return fit((wide)a.num * b.num, (uwide)a.den * (uwide)b.den, out);
}

ratio ratio_inverse(ratio a)
{
	return ratio_of(a.den, a.num);
}

/* a/b against c/d, all four unsigned and b, d > 0: by their continued
 * fractions, so no product is formed. */
static int compare_fractions(uwide a, uwide b, uwide c, uwide d)
{
	for (int flip = 1;; flip = -flip) {
		uwide qa = a / b, qc = c / d;
		if (qa != qc)
			return qa < qc ? -flip : flip;
		uwide ra = a % b, rc = c % d;
		if (ra == 0 || rc == 0)
			return ra == rc ? 0 : ra == 0 ? -flip : flip;
		/* a/b = q + ra/b: compare b/ra against d/rc, the other way round */
		a = b;
		b = ra;
		c = d;
		d = rc;
	}
}

/* x·y as a wide fraction (numerator, denominator); false past 127 bits. */
static bool product(ratio x, ratio y, wide *num, wide *den)
{
	return !__builtin_mul_overflow((wide)x.num, (wide)y.num, num) &&
	       !__builtin_mul_overflow((wide)x.den, (wide)y.den, den);
}

bool ratio_products_within(ratio a1, ratio a2, ratio b1, ratio b2, ratio allowed)
{
	wide an, ad, bn, bd, left, right, den, diff;
	if (!product(a1, a2, &an, &ad) || !product(b1, b2, &bn, &bd) ||
	    __builtin_mul_overflow(an, bd, &left) || __builtin_mul_overflow(bn, ad, &right) ||
	    __builtin_mul_overflow(ad, bd, &den) || __builtin_sub_overflow(left, right, &diff))
		return false;
	/* |diff| / den <= allowed */
	return compare_fractions(magnitude(diff), (uwide)den, magnitude((wide)allowed.num),
				 (uwide)allowed.den) <= 0;
}

bool ratio_nearest_step(ratio v, int64_t origin, int64_t step, int64_t *k)
{
	/* floor((v.num − origin·v.den) / (step·v.den) + 1/2)
	 *   = floor((2·(v.num − origin·v.den) + step·v.den) / (2·step·v.den)) */
	wide at, n, d;
	if (__builtin_mul_overflow((wide)origin, (wide)v.den, &at) ||
	    __builtin_sub_overflow((wide)v.num, at, &n) || __builtin_mul_overflow(n, (wide)2, &n) ||
	    __builtin_mul_overflow((wide)step, (wide)v.den, &d) || __builtin_add_overflow(n, d, &n) ||
	    __builtin_mul_overflow(d, (wide)2, &d))
		return false;
	wide q = n / d;
	if (n % d != 0 && n < 0)
		q--; /* C divides toward zero; the floor is one lower for a negative quotient */
	if (q > INT64_MAX || q < INT64_MIN)
		return false;
	*k = (int64_t)q;
	return true;
}

bool ratio_parse_decimal(const char *p, const char **end, ratio *out)
{
	bool negative = *p == '-';
	if (*p == '-' || *p == '+')
		p++;
	int64_t num = 0, den = 1;
	int digits = 0;
	bool any = false, point = false;
	for (;; p++) {
		if (*p == '.' && !point && isdigit((unsigned char)p[1])) {
			point = true;
			continue;
		}
		if (!isdigit((unsigned char)*p))
			break;
		if (++digits > 18)
			return false;
		num = num * 10 + (*p - '0');
		if (point)
			den *= 10;
		any = true;
	}
	if (!any)
		return false;
	*end = p;
	*out = ratio_of(negative ? -num : num, den);
	return true;
}

double ratio_approx(ratio r)
{
	return (double)r.num / (double)r.den;
}
