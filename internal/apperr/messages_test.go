package apperr

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/studio/gallery/internal/lang"
)

// pluralForms are the CLDR plural forms each language's messages must give
// when they have plural forms.
var pluralForms = map[lang.Tag][]string{
	lang.FR: {"many", "one", "other"},
	lang.NL: {"one", "other"},
	lang.EN: {"one", "other"},
}

func loadCatalog(t *testing.T, tag lang.Tag) map[string]any {
	t.Helper()
	raw, err := catalogFiles.ReadFile("messages/" + string(tag) + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("%s: %v", tag, err)
	}
	return m
}

// TestCatalogParity: every key is in every language, with the plural forms
// the language needs and the same placeholders.
func TestCatalogParity(t *testing.T) {
	fr := loadCatalog(t, lang.FR)
	placeholder := regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)
	names := func(v any) []string {
		var texts []string
		switch x := v.(type) {
		case string:
			texts = []string{x}
		case map[string]any:
			for _, s := range x {
				texts = append(texts, s.(string))
			}
		}
		var out []string
		for _, s := range texts {
			for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
				if !slices.Contains(out, m[1]) {
					out = append(out, m[1])
				}
			}
		}
		slices.Sort(out)
		return out
	}
	for _, tag := range lang.Supported {
		cat := loadCatalog(t, tag)
		for key := range fr {
			if _, ok := cat[key]; !ok {
				t.Errorf("%s: missing %q", tag, key)
			}
		}
		for key, v := range cat {
			frv, ok := fr[key]
			if !ok {
				t.Errorf("%s: %q is not in the French catalog", tag, key)
				continue
			}
			if forms, ok := v.(map[string]any); ok {
				var got []string
				for f := range forms {
					got = append(got, f)
				}
				slices.Sort(got)
				if !slices.Equal(got, pluralForms[tag]) {
					t.Errorf("%s: %q has the plural forms %v, want %v", tag, key, got, pluralForms[tag])
				}
			} else if s, ok := v.(string); !ok || strings.TrimSpace(s) == "" {
				t.Errorf("%s: %q is empty", tag, key)
			}
			// Plural counts may be left out of a one form ("1 photo"), so
			// compare the placeholders of all forms together.
			if a, b := names(v), names(frv); !slices.Equal(a, b) && !(slices.Contains(b, "Count") || slices.Contains(a, "Count")) {
				t.Errorf("%s: %q uses %v, French uses %v", tag, key, a, b)
			}
		}
	}
}

// TestCatalogRenders renders every message in every language with its
// placeholders filled: no template error, no missing value.
func TestCatalogRenders(t *testing.T) {
	placeholder := regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)
	raw, _ := json.Marshal(loadCatalog(t, lang.FR))
	args := Args{"Count": 2}
	for _, m := range placeholder.FindAllStringSubmatch(string(raw), -1) {
		if _, ok := args[m[1]]; !ok {
			args[m[1]] = "X"
		}
	}
	for _, tag := range lang.Supported {
		for key := range loadCatalog(t, tag) {
			for _, n := range []int{0, 1, 2, 1000000} {
				a := Args{}
				for k, v := range args {
					a[k] = v
				}
				a["Count"] = n
				got := Render(tag, key, a)
				if got == key || strings.Contains(got, "<no value>") || strings.Contains(got, "{{") {
					t.Errorf("%s %s (count %d): %q", tag, key, n, got)
				}
			}
		}
	}
	if got := Render(lang.FR, "pack_incomplete", Args{"Count": 1}); got != "Il reste 1 photo à choisir pour compléter ce pack." {
		t.Errorf("singular: %q", got)
	}
	if got := Render(lang.NL, "pack_incomplete", Args{"Count": 3}); !strings.Contains(got, "3 foto's") {
		t.Errorf("Dutch plural: %q", got)
	}
	if got := Render("de", "not_found", nil); got != "Élément introuvable." {
		t.Errorf("an unsupported language is not French: %q", got)
	}
}

// TestAmountByLanguage: sums are written as each language writes them.
func TestAmountByLanguage(t *testing.T) {
	if got := Render(lang.FR, "voucher_min_spend", Args{"Amount": Amount(1250)}); got != "Ce code est valable dès 12,50 € d'achat." {
		t.Errorf("fr: %q", got)
	}
	if got := Render(lang.EN, "voucher_min_spend", Args{"Amount": Amount(2000)}); got != "This code applies from €20 of purchases." {
		t.Errorf("en: %q", got)
	}
}

// TestCatalogKeysAreUsed walks the Go sources: every catalog key is named
// by some code (a key no code uses is dead text to translate), and every
// key the code names for a message is in the catalog.
func TestCatalogKeysAreUsed(t *testing.T) {
	root := filepath.Join("..", "..")
	literal := regexp.MustCompile(`"([a-z][a-z0-9_]*)"`)
	// The places a message key is written: New's third argument,
	// WithMessage, Render, and the photographer's userErr(code, key, ...).
	keyUse := regexp.MustCompile(`(?:\bNew\(\s*[\w."]+,\s*http\.\w+,\s*|WithMessage\(|Render\([^,]+,\s*|userErr\(\s*[\w."]+,\s*)"([a-z][a-z0-9_]*)"`)
	fr := loadCatalog(t, lang.FR)
	used := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "node_modules", "client", "ent", ".git", "testdata":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.HasSuffix(path, "generated.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range literal.FindAllStringSubmatch(string(src), -1) {
			used[m[1]] = true
		}
		for _, m := range keyUse.FindAllStringSubmatch(string(src), -1) {
			if _, ok := fr[m[1]]; !ok {
				t.Errorf("%s: message key %q is not in the catalogs", path, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for key := range fr {
		if !used[key] {
			t.Errorf("catalog key %q is used by no code", key)
		}
	}
}
