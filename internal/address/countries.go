package address

import (
	"slices"
	"strings"
	"sync"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// Country is a country for the address form's select.
type Country struct {
	Code string `json:"code"` // ISO 3166-1 alpha-2
	Name string `json:"name"` // in French
}

// isoCodes are the officially assigned ISO 3166-1 alpha-2 codes, plus XK
// (Kosovo), which carriers and phone numbers use although ISO has not
// assigned it.
const isoCodes = `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV
BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO
FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU
MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB
SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY
UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW`

// frenchNames replaces the CLDR French names that read oddly in a country list.
var frenchNames = map[string]string{
	"HK": "Hong Kong",
	"MO": "Macao",
	"MK": "Macédoine du Nord",
	"SZ": "Eswatini",
}

var countries = sync.OnceValues(func() ([]Country, map[string]bool) {
	names := display.French.Regions()
	list := make([]Country, 0, 256)
	known := make(map[string]bool, 256)
	for _, code := range strings.Fields(isoCodes) {
		name := frenchNames[code]
		if name == "" {
			name = names.Name(language.MustParseRegion(code))
		}
		list = append(list, Country{Code: code, Name: name})
		known[code] = true
	}
	col := collate.New(language.French, collate.IgnoreCase)
	slices.SortFunc(list, func(a, b Country) int { return col.CompareString(a.Name, b.Name) })
	return list, known
})

// IsCountry reports whether code is an ISO 3166-1 alpha-2 country code we
// know, in any case.
func IsCountry(code string) bool {
	_, known := countries()
	return known[strings.ToUpper(code)]
}

// Countries lists the countries with their French names, sorted the French
// way (for the address form's country select). The caller may change the
// slice.
func Countries() []Country {
	list, _ := countries()
	return slices.Clone(list)
}

// CountryName is a country's French name (« Belgique » for BE), for the
// e-mails and messages that name a country; the code itself when unknown.
func CountryName(code string) string {
	code = strings.ToUpper(strings.TrimSpace(code))
	list, known := countries()
	if !known[code] {
		return code
	}
	for _, c := range list {
		if c.Code == code {
			return c.Name
		}
	}
	return code
}
