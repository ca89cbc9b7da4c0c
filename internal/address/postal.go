package address

import (
	"regexp"
	"strings"

	"github.com/studio/gallery/internal/apperr"
)

// postalRule is how one country writes its postal codes.
type postalRule struct {
	// re matches a normalised code.
	re *regexp.Regexp
	// prefixes are the country prefixes people still type ("L-1234"),
	// dropped before matching.
	prefixes []string
	// sep and tail lay the code out: the code is compacted (no spaces or
	// dashes) and sep is put before its last tail characters ("1234AB" →
	// "1234 AB"). A zero tail keeps the code as typed.
	sep  string
	tail int
	// fix finishes the layout when sep and tail are not enough.
	fix func(string) string
	// optional is for countries where a postal code may be left empty.
	optional bool
}

func rule(re string) postalRule { return postalRule{re: regexp.MustCompile(re)} }

func (r postalRule) strip(prefixes ...string) postalRule { r.prefixes = prefixes; return r }

func (r postalRule) layout(sep string, tail int) postalRule { r.sep, r.tail = sep, tail; return r }

func (r postalRule) opt() postalRule { r.optional = true; return r }

func (r postalRule) then(fix func(string) string) postalRule { r.fix = fix; return r }

// ukPostcode is the full UK postcode pattern (outward code, space, inward code).
const ukPostcode = `^(GIR 0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]([0-9ABEHMNPRV-Y])?|[0-9][A-HJKPS-UW]) [0-9][ABD-HJLNP-UW-Z]{2})$`

var (
	ukRule = rule(ukPostcode).layout(" ", 3)
	usRule = rule(`^\d{5}(-\d{4})?$`).then(usZIP)
)

// postalRules covers the EU, the EEA, the countries we ship to most and a
// few others whose format is well known. Other countries get genericPostal.
var postalRules = map[string]postalRule{
	"AT": rule(`^[1-9]\d{3}$`).strip("AT", "A"),
	"AU": rule(`^\d{4}$`),
	"BE": rule(`^[1-9]\d{3}$`).strip("BE", "B"),
	"BG": rule(`^\d{4}$`),
	"CA": rule(`^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$`).layout(" ", 3),
	"CH": rule(`^[1-9]\d{3}$`).strip("CH"),
	"CY": rule(`^\d{4}$`),
	"CZ": rule(`^\d{3} \d{2}$`).strip("CZ").layout(" ", 2),
	"DE": rule(`^\d{5}$`).strip("DE", "D"),
	"DK": rule(`^\d{4}$`).strip("DK"),
	"EE": rule(`^\d{5}$`),
	"ES": rule(`^(0[1-9]|[1-4]\d|5[0-2])\d{3}$`),
	"FI": rule(`^\d{5}$`).strip("FI"),
	"FR": rule(`^(0[1-9]|[1-8]\d|9[0-8])\d{3}$`).strip("FR", "F"),
	"GB": ukRule,
	"GG": ukRule,
	"GR": rule(`^\d{3} \d{2}$`).strip("GR").layout(" ", 2),
	"HR": rule(`^\d{5}$`).strip("HR"),
	"HU": rule(`^\d{4}$`),
	"IE": rule(`^([AC-FHKNPRTV-Y]\d{2}|D6W)( [0-9AC-FHKNPRTV-Y]{4})?$`).layout(" ", 4).opt(),
	"IM": ukRule,
	"IS": rule(`^\d{3}$`),
	"IT": rule(`^\d{5}$`).strip("IT", "I"),
	"JE": ukRule,
	"JP": rule(`^\d{3}-\d{4}$`).layout("-", 4),
	"LI": rule(`^94(8[5-9]|9[0-8])$`).strip("FL", "LI"),
	"LT": rule(`^LT-\d{5}$`).strip("LT").then(withPrefix("LT-")),
	"LU": rule(`^\d{4}$`).strip("LU", "L"),
	"LV": rule(`^LV-\d{4}$`).strip("LV").then(withPrefix("LV-")),
	"MC": rule(`^980\d{2}$`).strip("MC"),
	"MT": rule(`^[A-Z]{3} \d{4}$`).layout(" ", 4),
	"NL": rule(`^[1-9]\d{3} [A-Z]{2}$`).strip("NL").layout(" ", 2),
	"NO": rule(`^\d{4}$`).strip("NO", "N"),
	"PL": rule(`^\d{2}-\d{3}$`).strip("PL").layout("-", 3),
	"PT": rule(`^[1-9]\d{3}-\d{3}$`).strip("PT").layout("-", 3),
	"RO": rule(`^\d{6}$`),
	"SE": rule(`^[1-9]\d{2} \d{2}$`).strip("SE", "S").layout(" ", 2),
	"SI": rule(`^\d{4}$`).strip("SI"),
	"SK": rule(`^\d{3} \d{2}$`).strip("SK").layout(" ", 2),
	"SM": rule(`^4789\d$`),
	"US": usRule,
	"PR": usRule,
	"VI": usRule,
	"GU": usRule,
	"AS": usRule,
	"MP": usRule,
	"VA": rule(`^00120$`),
}

// genericPostal accepts 2 to 10 letters, digits, spaces and dashes.
var genericPostal = rule(`^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$`)

// noPostalCodes are the countries that do not use postal codes, or where
// most addresses go without one: the field may stay empty there.
var noPostalCodes = setOf(`AE AG AO AW BF BI BJ BO BQ BS BW BZ CD CF CG CI CK CM CW DJ DM ER FJ GA GD GH GM GQ GY
	HK KI KM KN KP LC ML MO MR MW NR NU QA RW SB SC SL SR ST SX SY TF TG TK TL TO TT TV UG VU YE ZW`)

func setOf(words string) map[string]bool {
	set := map[string]bool{}
	for _, w := range strings.Fields(words) {
		set[w] = true
	}
	return set
}

func postalRuleFor(country string) postalRule {
	if r, ok := postalRules[country]; ok {
		return r
	}
	r := genericPostal
	r.optional = noPostalCodes[country]
	return r
}

// normalizePostalCode lays code out the way country writes it and checks it.
func normalizePostalCode(country, code string) (string, *apperr.Error) {
	r := postalRuleFor(country)
	code = r.normalize(code)
	switch {
	case code == "" && r.optional:
		return "", nil
	case code == "":
		return "", ErrRequired
	case !r.re.MatchString(code):
		return code, ErrInvalidPostalCode
	}
	return code, nil
}

// normalize upper-cases code and lays it out; a code that is wrong even once
// laid out comes back as typed, for the buyer to recognise it.
func (r postalRule) normalize(code string) string {
	code = strings.ToUpper(strings.Join(strings.Fields(code), " "))
	code = r.dropPrefix(code)
	if !plain(code) {
		return code
	}
	laid := code
	if r.tail > 0 {
		laid = compact(laid)
		if len(laid) > r.tail {
			laid = laid[:len(laid)-r.tail] + r.sep + laid[len(laid)-r.tail:]
		}
	}
	if r.fix != nil {
		laid = r.fix(laid)
	}
	if r.re.MatchString(laid) {
		return laid
	}
	return code
}

// dropPrefix removes a country prefix followed by a dash or space ("L-1234",
// "B 1000") or directly by a digit ("D12345").
func (r postalRule) dropPrefix(code string) string {
	for _, p := range r.prefixes {
		rest, ok := strings.CutPrefix(code, p)
		if !ok {
			continue
		}
		rest = strings.TrimLeft(rest, " -")
		if rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			return rest
		}
	}
	return code
}

// plain reports whether code holds only letters, digits, spaces and dashes,
// the only characters a layout moves.
func plain(code string) bool {
	for _, r := range code {
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == ' ' || r == '-') {
			return false
		}
	}
	return true
}

// usZIP writes a nine-digit ZIP code as ZIP+4.
func usZIP(code string) string {
	c := compact(code)
	if len(c) == 9 && strings.Trim(c, "0123456789") == "" {
		return c[:5] + "-" + c[5:]
	}
	return code
}

// withPrefix writes a bare number with the country prefix ("LV-1234").
func withPrefix(p string) func(string) string {
	return func(code string) string {
		if code != "" && strings.Trim(code, "0123456789") == "" {
			return p + code
		}
		return code
	}
}

func compact(s string) string {
	return strings.NewReplacer(" ", "", "-", "").Replace(s)
}
