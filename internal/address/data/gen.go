//go:build ignore

// gen rebuilds the embedded locality files from the published packages named
// in README.md. It is not part of the build; run it by hand when a source is
// updated, then commit the .tsv.gz it writes:
//
//	go run ./internal/address/data/gen.go -fr /tmp/codes-postaux/package/codes-postaux.json
//	go run ./internal/address/data/gen.go -geonames /tmp/BE.txt   # writes be.tsv.gz
//
// Output: gzip'd UTF-8 lines "code<TAB>names<TAB>aliases", sorted by code, names
// and aliases separated by "|". Names are shown to people; aliases (the postal
// routing labels, upper case without accents) only help matching.
package main

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

type entry struct {
	names, aliases []string
}

type table map[string]*entry

func (t table) add(code, name string, alias bool) {
	name = strings.TrimSpace(name)
	if code == "" || name == "" || strings.ContainsAny(name, "|\t\n") {
		return
	}
	e := t[code]
	if e == nil {
		e = &entry{}
		t[code] = e
	}
	for _, n := range append(slices.Clone(e.names), e.aliases...) {
		if simpleKey(n) == simpleKey(name) {
			return
		}
	}
	if alias {
		e.aliases = append(e.aliases, name)
	} else {
		e.names = append(e.names, name)
	}
}

// simpleKey folds case, accents and punctuation, so that an alias is kept
// only when it differs from the names by more than that.
func simpleKey(s string) string {
	s, _, _ = transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn))), strings.ToLower(s))
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return -1
	}, s)
}

// arrondissement turns "Paris 15e Arrondissement" into "Paris": people write
// the city, and the postal code already says which arrondissement.
var arrondissement = regexp.MustCompile(`^(Paris|Lyon|Marseille) \d+(e|er) Arrondissement$`)

func readCodesPostaux(path string) table {
	b, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	var rows []struct {
		CodePostal          string `json:"codePostal"`
		NomCommune          string `json:"nomCommune"`
		LibelleAcheminement string `json:"libelleAcheminement"`
	}
	if err := json.Unmarshal(b, &rows); err != nil {
		log.Fatal(err)
	}
	t := table{}
	for _, r := range rows {
		t.add(r.CodePostal, arrondissement.ReplaceAllString(r.NomCommune, "$1"), false)
	}
	for _, r := range rows {
		t.add(r.CodePostal, r.LibelleAcheminement, true)
	}
	return t
}

// readGeoNames reads a GeoNames postal code dump (tab-separated: country,
// postal code, place name, ...).
func readGeoNames(path string) (string, table) {
	f, err := os.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	t, country := table{}, ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 3 {
			continue
		}
		country = cols[0]
		t.add(cols[1], cols[2], false)
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
	return strings.ToLower(country), t
}

func write(path string, t table) {
	codes := make([]string, 0, len(t))
	for c := range t {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	f, err := os.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	w := bufio.NewWriter(zw)
	for _, c := range codes {
		e := t[c]
		fmt.Fprintf(w, "%s\t%s\t%s\n", c, strings.Join(e.names, "|"), strings.Join(e.aliases, "|"))
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
	log.Printf("%s: %d postal codes", path, len(codes))
}

func main() {
	fr := flag.String("fr", "", "codes-postaux.json from the npm package codes-postaux")
	geonames := flag.String("geonames", "", "a GeoNames postal code dump for one country (XX.txt)")
	out := flag.String("out", "internal/address/data", "output directory")
	flag.Parse()
	if *fr != "" {
		write(filepath.Join(*out, "fr.tsv.gz"), readCodesPostaux(*fr))
	}
	if *geonames != "" {
		country, t := readGeoNames(*geonames)
		write(filepath.Join(*out, country+".tsv.gz"), t)
	}
}
