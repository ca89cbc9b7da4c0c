package address

import (
	"slices"
	"strings"
	"sync"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"

	"github.com/studio/gallery/internal/lang"
)

// Country is a country for the address form's select.
type Country struct {
	Code string `json:"code"` // ISO 3166-1 alpha-2
	Name string `json:"name"` // in the request's language
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

// overrides replace the CLDR names that read oddly in a country list
// (« Hong Kong SAR China », « Macédoine du Nord » written otherwise).
var overrides = map[lang.Tag]map[string]string{
	lang.FR: {"HK": "Hong Kong", "MO": "Macao", "MK": "Macédoine du Nord", "SZ": "Eswatini"},
	lang.NL: {"HK": "Hongkong", "MO": "Macau", "MK": "Noord-Macedonië", "SZ": "Eswatini"},
	lang.EN: {"HK": "Hong Kong", "MO": "Macao", "MK": "North Macedonia", "SZ": "Eswatini"},
}

// namers are CLDR's region names and collation for each language.
var namers = map[lang.Tag]struct {
	names display.Namer
	tag   language.Tag
}{
	lang.FR: {display.French.Regions(), language.French},
	lang.NL: {display.Dutch.Regions(), language.Dutch},
	lang.EN: {display.English.Regions(), language.English},
}

// countryList is the countries of one language, sorted, and their names by code.
type countryList struct {
	list  []Country
	names map[string]string
}

var countryLists = sync.OnceValue(func() map[lang.Tag]countryList {
	out := map[lang.Tag]countryList{}
	for _, t := range lang.Supported {
		n := namers[t]
		cl := countryList{list: make([]Country, 0, 256), names: make(map[string]string, 256)}
		for _, code := range strings.Fields(isoCodes) {
			name := overrides[t][code]
			if name == "" {
				name = n.names.Name(language.MustParseRegion(code))
			}
			cl.list = append(cl.list, Country{Code: code, Name: name})
			cl.names[code] = name
		}
		col := collate.New(n.tag, collate.IgnoreCase)
		slices.SortFunc(cl.list, func(a, b Country) int { return col.CompareString(a.Name, b.Name) })
		out[t] = cl
	}
	return out
})

// listIn is the country list of language t (French when t is not one the
// product speaks).
func listIn(t lang.Tag) countryList {
	lists := countryLists()
	if cl, ok := lists[t]; ok {
		return cl
	}
	return lists[lang.Default]
}

// IsCountry reports whether code is an ISO 3166-1 alpha-2 country code we
// know, in any case.
func IsCountry(code string) bool {
	_, known := listIn(lang.Default).names[strings.ToUpper(code)]
	return known
}

// Countries lists the countries with their names in language t, sorted
// the way t sorts (for the address form's country select). The caller may
// change the slice.
func Countries(t lang.Tag) []Country {
	return slices.Clone(listIn(t).list)
}

// CountryName is a country's name in language t (« Belgique », « België »,
// « Belgium » for BE), for the e-mails, pages and messages that name a
// country; the code itself when unknown.
func CountryName(code string, t lang.Tag) string {
	code = strings.ToUpper(strings.TrimSpace(code))
	if name, ok := listIn(t).names[code]; ok {
		return name
	}
	return code
}
