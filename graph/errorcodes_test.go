package graph

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	gqlast "github.com/vektah/gqlparser/v2/ast"
)

// codeSources are the Go files that declare each domain's codes, and the
// enum of the schema that must list them.
var codeSources = map[string][]string{
	"AccessErrorCode":       {"internal/access/codes.go"},
	"ContactErrorCode":      {"internal/share/codes.go", "internal/contact/codes.go", "internal/captcha/codes.go"},
	"DownloadErrorCode":     {"internal/downloads/codes.go"},
	"SelectionErrorCode":    {"internal/selections/codes.go"},
	"CartErrorCode":         {"internal/cart/codes.go", "internal/address/codes.go", "internal/pricing/pricing.go", "internal/cart/vouchers.go"},
	"OrderErrorCode":        {"internal/orders/codes.go"},
	"PrintLabErrorCode":     {"internal/printlab/codes.go"},
	"PhotographerErrorCode": {"internal/photographer/codes.go", "internal/photos/codes.go"},
	"BooksErrorCode":        {"internal/books/codes.go"},
	"PasskeyErrorCode":      {"internal/passkey/codes.go"},
}

// loadSchema parses graph/schema/*.graphql.
func loadSchema(t *testing.T) *gqlast.Schema {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("schema", "*.graphql"))
	var sources []*gqlast.Source
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sources = append(sources, &gqlast.Source{Name: f, Input: string(b)})
	}
	s, err := gqlparser.LoadSchema(sources...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// schemaCodes is every XErrorCode enum with its values.
func schemaCodes(s *gqlast.Schema) map[string][]string {
	out := map[string][]string{}
	for name, def := range s.Types {
		if def.Kind == gqlast.Enum && strings.HasSuffix(name, "ErrorCode") {
			for _, v := range def.EnumValues {
				out[name] = append(out[name], v.Name)
			}
			slices.Sort(out[name])
		}
	}
	return out
}

// goCodes are the string constants of a Go file named Code* (the domain's
// codes) or Reason* (the voucher refusals).
func goCodes(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join("..", path), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, sp := range g.Specs {
			vs := sp.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if !strings.HasPrefix(n.Name, "Code") && !strings.HasPrefix(n.Name, "Reason") || i >= len(vs.Values) {
					continue
				}
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					v, _ := strconv.Unquote(lit.Value)
					out[n.Name] = v
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s declares no code", path)
	}
	return out
}

// docsCodes reads docs/api.md's "Error codes by domain": a "### `XErrorCode`"
// heading per enum, its codes in backquotes until the next heading.
func docsCodes(t *testing.T) map[string][]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "docs", "api.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	start := strings.Index(doc, "\n## Error codes by domain\n")
	if start < 0 {
		t.Fatal(`docs/api.md has no "## Error codes by domain" section`)
	}
	section := doc[start+1:]
	if end := strings.Index(section[3:], "\n## "); end >= 0 {
		section = section[:end+3]
	}
	heading := regexp.MustCompile("(?m)^### `(\\w+ErrorCode)`\\s*$")
	code := regexp.MustCompile("`([a-z][a-z0-9_]*)`")
	out := map[string][]string{}
	hs := heading.FindAllStringSubmatchIndex(section, -1)
	for i, h := range hs {
		name := section[h[2]:h[3]]
		body := section[h[1]:]
		if i+1 < len(hs) {
			body = section[h[1]:hs[i+1][0]]
		}
		for _, m := range code.FindAllStringSubmatch(body, -1) {
			if !slices.Contains(out[name], m[1]) {
				out[name] = append(out[name], m[1])
			}
		}
		slices.Sort(out[name])
	}
	return out
}

// TestErrorCodesAgree: the schema's error-code enums, docs/api.md and the
// domains' Go code constants list the same codes.
func TestErrorCodesAgree(t *testing.T) {
	s := loadSchema(t)
	schema, docs := schemaCodes(s), docsCodes(t)
	if len(schema) != len(codeSources) {
		t.Errorf("schema enums %d, codeSources %d: map every XErrorCode to its Go files", len(schema), len(codeSources))
	}
	for name, values := range schema {
		documented, ok := docs[name]
		if !ok {
			t.Errorf("%s is not in docs/api.md", name)
			continue
		}
		for _, v := range values {
			if !slices.Contains(documented, v) {
				t.Errorf("%s.%s is in the schema, not in docs/api.md", name, v)
			}
		}
		for _, v := range documented {
			if !slices.Contains(values, v) {
				t.Errorf("%s.%s is in docs/api.md, not in the schema", name, v)
			}
		}
	}
	for name := range docs {
		if _, ok := schema[name]; !ok {
			t.Errorf("docs/api.md lists %s, which the schema does not have", name)
		}
	}
	for enum, files := range codeSources {
		for _, f := range files {
			for constant, v := range goCodes(t, f) {
				if !slices.Contains(schema[enum], v) {
					t.Errorf("%s: %s = %q is missing from %s", f, constant, v, enum)
				}
			}
		}
	}
}

// TestUserErrorsAreTyped: every payload's userErrors is a list of a
// domain's error type, whose code is that domain's enum; no other field is
// typed by an XErrorCode.
func TestUserErrorsAreTyped(t *testing.T) {
	s := loadSchema(t)
	for name, def := range s.Types {
		for _, f := range def.Fields {
			if f.Name == "userErrors" {
				elem := f.Type.Elem
				if elem == nil || !f.Type.NonNull || !elem.NonNull {
					t.Errorf("%s.userErrors is %s, want [XError!]!", name, f.Type)
					continue
				}
				et := s.Types[elem.NamedType]
				code := et.Fields.ForName("code")
				if !strings.HasSuffix(et.Name, "Error") || code == nil || code.Type.NamedType != et.Name+"Code" || !code.Type.NonNull {
					t.Errorf("%s.userErrors: %s.code must be %sCode!", name, et.Name, et.Name)
				}
			}
		}
	}
}
