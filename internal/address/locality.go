package address

import (
	"bufio"
	"compress/gzip"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/studio/gallery/internal/model"
)

// data holds one gzip'd file per country, named after its ISO code in lower
// case ("fr.tsv.gz"), each line "code<TAB>names<TAB>aliases" with names and
// aliases separated by "|". Names are shown to people; aliases only match.
//
//go:embed data/*.tsv.gz
var data embed.FS

// locality is a place a postal code serves.
type locality struct {
	name  string
	key   string // matchKey(name)
	alias bool   // matches, but is never suggested
}

// places is the embedded data of one country.
type places struct {
	byCode map[string][]locality
	byKey  map[string][]string // postal codes in file order, so lowest first
}

// datasets loads every embedded country once, on first use.
var datasets = sync.OnceValue(func() map[string]*places {
	all, err := loadAll(data)
	if err != nil {
		// The files are compiled in and read by the tests: this cannot
		// happen in a binary that passed them.
		panic(fmt.Sprintf("address: embedded data: %v", err))
	}
	return all
})

func loadAll(fsys fs.FS) (map[string]*places, error) {
	files, err := fs.Glob(fsys, "data/*.tsv.gz")
	if err != nil {
		return nil, err
	}
	all := make(map[string]*places, len(files))
	for _, name := range files {
		p, err := loadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		all[strings.ToUpper(strings.TrimSuffix(path.Base(name), ".tsv.gz"))] = p
	}
	return all, nil
}

func loadFile(fsys fs.FS, name string) (*places, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	p := &places{byCode: map[string][]locality{}, byKey: map[string][]string{}}
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		p.addLine(sc.Text())
	}
	return p, sc.Err()
}

func (p *places) addLine(line string) {
	code, rest, _ := strings.Cut(line, "\t")
	names, aliases, _ := strings.Cut(rest, "\t")
	p.add(code, names, false)
	p.add(code, aliases, true)
}

func (p *places) add(code, names string, alias bool) {
	if names == "" {
		return
	}
	for _, name := range strings.Split(names, "|") {
		key := matchKey(name)
		p.byCode[code] = append(p.byCode[code], locality{name: name, key: key, alias: alias})
		if codes := p.byKey[key]; len(codes) == 0 || codes[len(codes)-1] != code {
			p.byKey[key] = append(codes, code)
		}
	}
}

// HasLocalities reports whether the embedded data can tell which localities
// a postal code of country serves.
func HasLocalities(country string) bool {
	return datasets()[strings.ToUpper(country)] != nil
}

// suggest returns a corrected copy of a when its postal code and city
// disagree: with the closest locality of the code if the code is known, else
// with the first code of the city if the city is known, else nil.
func suggest(a model.Address) *model.Address {
	p := datasets()[a.Country]
	if p == nil {
		return nil
	}
	keys := cityKeys(a.City)
	if len(keys) == 0 {
		return nil
	}
	if locs, ok := p.byCode[a.PostalCode]; ok {
		return p.fixCity(a, locs, keys)
	}
	if isCedex(a.City) {
		return nil // CEDEX codes belong to a business, not to the city's data
	}
	for _, k := range keys {
		if codes := p.byKey[k]; len(codes) > 0 {
			a.PostalCode = codes[0]
			return &a
		}
	}
	return nil
}

func (p *places) fixCity(a model.Address, locs []locality, keys []string) *model.Address {
	for _, l := range locs {
		for _, k := range keys {
			if l.key == k {
				return nil
			}
		}
	}
	best, bestDist := "", -1
	for _, l := range locs {
		if l.alias {
			continue
		}
		if d := levenshtein(keys[0], l.key); bestDist < 0 || d < bestDist {
			best, bestDist = l.name, d
		}
	}
	if best == "" {
		return nil
	}
	a.City = best
	return &a
}

var ligatures = strings.NewReplacer("œ", "oe", "æ", "ae", "ß", "ss")

// fold lower-cases s and removes its accents ("Liège" → "liege", "Œuf" → "oeuf").
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return ligatures.Replace(b.String())
}

// words splits a place name into folded words, reading the abbreviations
// people use ("St", "Ste") the same as the full words and moving a trailing
// article in parentheses to the front ("ROCHE SUR YON (LA)" → "la roche sur yon").
func words(name string) []string {
	s := fold(name)
	if i := strings.LastIndex(s, "("); i > 0 && strings.HasSuffix(s, ")") {
		s = s[i+1:len(s)-1] + " " + s[:i]
	}
	ws := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for i, w := range ws {
		switch w {
		case "saint", "sint", "sankt":
			ws[i] = "st"
		case "sainte":
			ws[i] = "ste"
		}
	}
	return ws
}

// matchKey is what two spellings of one place have in common: case,
// accents, hyphens, apostrophes and spaces do not count.
func matchKey(name string) string { return strings.Join(words(name), "") }

// cityKeys are the keys a typed city may match: as typed, then without a
// trailing arrondissement or CEDEX mention ("Paris 15e", "Lyon Cedex 03").
func cityKeys(city string) []string {
	ws := words(city)
	if len(ws) == 0 {
		return nil
	}
	keys := []string{strings.Join(ws, "")}
	n := len(ws)
	for n > 1 && isDistrictWord(ws[n-1]) {
		n--
	}
	if n < len(ws) {
		keys = append(keys, strings.Join(ws[:n], ""))
	}
	return keys
}

// isDistrictWord reports words that number a district or a CEDEX: "15",
// "15e", "1er", "15eme", "arrondissement", "cedex".
func isDistrictWord(w string) bool {
	switch w {
	case "cedex", "arrondissement", "arr", "arrt":
		return true
	}
	digits := strings.TrimLeft(w, "0123456789")
	if len(digits) == len(w) {
		return false
	}
	switch digits {
	case "", "e", "er", "eme", "ieme":
		return true
	}
	return false
}

func isCedex(city string) bool {
	for _, w := range words(city) {
		if w == "cedex" {
			return true
		}
	}
	return false
}

// levenshtein is the edit distance between a and b, in runes.
func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
