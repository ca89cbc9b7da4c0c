package address

import (
	"regexp"
	"strconv"
	"strings"
)

// vatRule is the format of one EU member state's VAT numbers, after the
// prefix, with an optional check of the check digits.
type vatRule struct {
	re    *regexp.Regexp
	check func(string) bool
}

// euVAT is keyed by VAT prefix: the ISO code, except EL for Greece.
var euVAT = map[string]vatRule{
	"AT": {re: regexp.MustCompile(`^U\d{8}$`)},
	"BE": {re: regexp.MustCompile(`^[01]\d{9}$`), check: mod97BE},
	"BG": {re: regexp.MustCompile(`^\d{9,10}$`)},
	"CY": {re: regexp.MustCompile(`^\d{8}[A-Z]$`)},
	"CZ": {re: regexp.MustCompile(`^\d{8,10}$`)},
	"DE": {re: regexp.MustCompile(`^\d{9}$`)},
	"DK": {re: regexp.MustCompile(`^\d{8}$`)},
	"EE": {re: regexp.MustCompile(`^\d{9}$`)},
	"EL": {re: regexp.MustCompile(`^\d{9}$`)},
	"ES": {re: regexp.MustCompile(`^[0-9A-Z]\d{7}[0-9A-Z]$`)},
	"FI": {re: regexp.MustCompile(`^\d{8}$`)},
	"FR": {re: regexp.MustCompile(`^[0-9A-HJ-NP-Z]{2}\d{9}$`), check: keyFR},
	"HR": {re: regexp.MustCompile(`^\d{11}$`)},
	"HU": {re: regexp.MustCompile(`^\d{8}$`)},
	"IE": {re: regexp.MustCompile(`^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$`)},
	"IT": {re: regexp.MustCompile(`^\d{11}$`), check: luhn},
	"LT": {re: regexp.MustCompile(`^(\d{9}|\d{12})$`)},
	"LU": {re: regexp.MustCompile(`^\d{8}$`), check: mod89LU},
	"LV": {re: regexp.MustCompile(`^\d{11}$`)},
	"MT": {re: regexp.MustCompile(`^\d{8}$`)},
	"NL": {re: regexp.MustCompile(`^\d{9}B\d{2}$`)},
	"PL": {re: regexp.MustCompile(`^\d{10}$`)},
	"PT": {re: regexp.MustCompile(`^\d{9}$`)},
	"RO": {re: regexp.MustCompile(`^[1-9]\d{1,9}$`)},
	"SE": {re: regexp.MustCompile(`^\d{10}01$`)},
	"SI": {re: regexp.MustCompile(`^\d{8}$`)},
	"SK": {re: regexp.MustCompile(`^\d{10}$`)},
}

// otherVAT is what we accept from outside the EU: a business number we
// cannot check further.
var otherVAT = regexp.MustCompile(`^[A-Z0-9]{4,20}$`)

// vatPrefix is the VAT prefix of an EU country, "" elsewhere.
func vatPrefix(country string) string {
	if country == "GR" {
		return "EL"
	}
	if _, ok := euVAT[country]; ok {
		return country
	}
	return ""
}

// normalizeVAT removes spaces, dots and dashes, adds the prefix of the
// address's EU country when the number has none, and checks the number.
func normalizeVAT(vat, country string) (string, bool) {
	vat = strings.ToUpper(strings.NewReplacer(" ", "", ".", "", "-", "").Replace(vat))
	prefix, rest := splitVATPrefix(vat)
	if prefix == "" && vatPrefix(country) != "" {
		prefix, rest = vatPrefix(country), vat
	}
	r, eu := euVAT[prefix]
	if !eu {
		return vat, vatPrefix(country) == "" && otherVAT.MatchString(vat)
	}
	if prefix == "BE" && len(rest) == 9 {
		rest = "0" + rest // numbers given before 2023 had nine digits
	}
	vat = prefix + rest
	return vat, r.re.MatchString(rest) && (r.check == nil || r.check(rest))
}

// splitVATPrefix splits a number that starts with two letters, reading GR
// as Greece's EL.
func splitVATPrefix(vat string) (prefix, rest string) {
	if len(vat) < 2 || !isLetter(vat[0]) || !isLetter(vat[1]) {
		return "", vat
	}
	prefix, rest = vat[:2], vat[2:]
	if prefix == "GR" {
		prefix = "EL"
	}
	return prefix, rest
}

func isLetter(b byte) bool { return b >= 'A' && b <= 'Z' }

// mod97BE checks a Belgian enterprise number: its last two digits are 97
// minus the first eight modulo 97.
func mod97BE(n string) bool {
	head, err1 := strconv.Atoi(n[:8])
	check, err2 := strconv.Atoi(n[8:])
	return err1 == nil && err2 == nil && check == 97-head%97
}

// keyFR checks the numeric key of a French number (key, then the SIREN):
// (12 + 3 × (SIREN mod 97)) mod 97. Keys with letters, given to some
// businesses, have no published check.
func keyFR(n string) bool {
	key, err := strconv.Atoi(n[:2])
	if err != nil {
		return true
	}
	siren, err := strconv.Atoi(n[2:])
	return err == nil && key == (12+3*(siren%97))%97
}

// mod89LU checks a Luxembourg number: the first six digits modulo 89 are
// the last two.
func mod89LU(n string) bool {
	head, err1 := strconv.Atoi(n[:6])
	check, err2 := strconv.Atoi(n[6:])
	return err1 == nil && err2 == nil && head%89 == check
}

// luhn checks an Italian partita IVA, whose last digit is a Luhn check digit.
func luhn(n string) bool {
	sum := 0
	for i := len(n) - 1; i >= 0; i-- {
		d := int(n[i] - '0')
		if (len(n)-i)%2 == 0 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}
