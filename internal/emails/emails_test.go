package emails_test

import (
	"encoding/json"
	"io/fs"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/studio/gallery/internal/emails"
	"github.com/studio/gallery/internal/lang"
)

func catalog(t *testing.T, l lang.Tag) map[string]string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("messages", string(l)+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// verbs lists a message's fmt verbs, so that a translation cannot drop or
// add an argument.
var verbRE = regexp.MustCompile(`%(\[\d+\])?[sdv]`)

// TestCatalogParity fails when a key is missing in one language, a message
// takes other arguments than the French one, or a template uses a key no
// catalog has.
func TestCatalogParity(t *testing.T) {
	fr := catalog(t, lang.FR)
	for _, l := range lang.Supported[1:] {
		other := catalog(t, l)
		for k, v := range fr {
			ov, ok := other[k]
			if !ok {
				t.Errorf("%s lacks %q", l, k)
				continue
			}
			if strings.TrimSpace(ov) == "" {
				t.Errorf("%s: %q is empty", l, k)
			}
			a, b := verbRE.FindAllString(v, -1), verbRE.FindAllString(ov, -1)
			slices.Sort(a)
			slices.Sort(b)
			if !slices.Equal(a, b) {
				t.Errorf("%s: %q takes %v, French %v", l, k, b, a)
			}
		}
		for k := range other {
			if _, ok := fr[k]; !ok {
				t.Errorf("%s has %q, French does not", l, k)
			}
		}
	}
	used := regexp.MustCompile(`\b(t|tn) "([a-z_.]+)"`)
	err := fs.WalkDir(os.DirFS("templates"), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		raw, err := os.ReadFile(filepath.Join("templates", p))
		if err != nil {
			return err
		}
		for _, m := range used.FindAllStringSubmatch(string(raw), -1) {
			keys := []string{m[2]}
			if m[1] == "tn" {
				keys = []string{m[2] + ".one", m[2] + ".other"}
			}
			for _, k := range keys {
				if _, ok := fr[k]; !ok {
					t.Errorf("%s uses %q, which no catalog has", p, k)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Every e-mail has both parts.
	for _, n := range emails.Names {
		for _, ext := range []string{".txt", ".html"} {
			if _, err := os.Stat(filepath.Join("templates", string(n)+ext)); err != nil {
				t.Errorf("e-mail %s: %v", n, err)
			}
		}
	}
	if got := slices.Sorted(maps.Keys(samples())); len(got) != len(emails.Names) {
		t.Errorf("samples cover %d e-mails, want %d", len(got), len(emails.Names))
	}
}

// TestRender renders every e-mail in every language and checks both parts.
func TestRender(t *testing.T) {
	for _, l := range lang.Supported {
		for _, n := range emails.Names {
			t.Run(string(l)+"/"+string(n), func(t *testing.T) {
				e, err := emails.Render(n, l, sampleBrand(), samples()[n])
				if err != nil {
					t.Fatal(err)
				}
				CheckEmail(t, e)
			})
		}
	}
}

// CheckEmail checks a rendered e-mail: a subject, no template left-over,
// a well-formed HTML part in which user text is escaped and every link is
// absolute.
func CheckEmail(t *testing.T, e emails.Email) {
	t.Helper()
	if strings.TrimSpace(e.Subject) == "" || strings.Contains(e.Subject, "\n") {
		t.Errorf("subject %q", e.Subject)
	}
	for part, s := range map[string]string{"subject": e.Subject, "text": e.Text, "html": e.HTML} {
		for _, bad := range []string{"{{", "}}", "%!", "<no value>"} {
			if strings.Contains(s, bad) {
				t.Errorf("%s part holds %q:\n%s", part, bad, s)
			}
		}
	}
	if strings.Contains(e.HTML, "<script") || strings.Contains(e.HTML, "<b>") {
		t.Errorf("user text unescaped in the HTML part:\n%s", e.HTML)
	}
	if strings.Contains(e.Text, "&lt;") || strings.Contains(e.Text, "&amp;") {
		t.Errorf("text part is HTML-escaped:\n%s", e.Text)
	}
	checkHTML(t, e.HTML)
}

// voids are the HTML elements without an end tag.
var voids = map[string]bool{"br": true, "img": true, "meta": true, "hr": true, "link": true}

// checkHTML checks that every element is closed in order, that there is a
// call to action or the gallery's link, and that every href and src is
// absolute.
func checkHTML(t *testing.T, doc string) {
	t.Helper()
	z := html.NewTokenizer(strings.NewReader(doc))
	var stack []string
	links := 0
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if len(stack) != 0 {
				t.Errorf("unclosed elements %v", stack)
			}
			if links == 0 {
				t.Errorf("no link in the HTML part")
			}
			return
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			for _, a := range tok.Attr {
				if a.Key == "href" || a.Key == "src" {
					links++
					u, err := url.Parse(a.Val)
					if err != nil || !u.IsAbs() || (u.Scheme != "https" && u.Scheme != "mailto") {
						t.Errorf("<%s %s=%q>: not an absolute link", tok.Data, a.Key, a.Val)
					}
				}
			}
			if tt == html.StartTagToken && !voids[tok.Data] {
				stack = append(stack, tok.Data)
			}
		case html.EndTagToken:
			tok := z.Token()
			if len(stack) == 0 || stack[len(stack)-1] != tok.Data {
				t.Errorf("</%s> closes %v", tok.Data, stack)
				return
			}
			stack = stack[:len(stack)-1]
		}
	}
}
