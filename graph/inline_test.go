package graph

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// pureResolvers are the resolver fields of the types whose lists are
// marshalled in line (graph/inlinelists): each is a function of the row
// alone, never waiting on a dataloader. A list marshalled in line runs its
// elements one after the other, so a field that waited on a loader's batch
// would wait once per element.
var pureResolvers = map[string][]string{
	"Photo":     {"portrait", "ratio", "urls"},
	"PhotoEdge": {},
	"PhotoUrls": {},
	"Video":     {"thumbnailUrl", "embedUrl"},
	"VideoEdge": {},
}

// TestInlineListsResolveNothingThroughLoaders reads the generated executor:
// the lists of photos and videos are marshalled in line (make generate ran
// graph/inlinelists), the photo edge list tries the hand-written writer
// first, and the types below those lists resolve no field but the pure
// ones above. A new resolver field on one of them fails here: check that it
// does not use a dataloader and add it, or take its type out of
// inlinelists.Inline.
func TestInlineListsResolveNothingThroughLoaders(t *testing.T) {
	src, err := os.ReadFile("generated.go")
	if err != nil {
		t.Fatal(err)
	}
	code := string(src)
	function := func(re string) string {
		t.Helper()
		loc := regexp.MustCompile(`(?m)^func \(ec \*executionContext\) ` + re).FindStringIndex(code)
		if loc == nil {
			t.Fatalf("no generated function %s", re)
		}
		end := strings.Index(code[loc[1]:], "\n}\n")
		return code[loc[0] : loc[1]+end]
	}
	for _, typ := range []string{"Photo", "PhotoEdge", "Video", "VideoEdge"} {
		list := function(`marshal[NO]` + typ + `2ᚕ[^(]*\(`)
		if strings.Contains(list, "MarshalSliceConcurrently") || !strings.Contains(list, "marshalSliceInline(") {
			t.Errorf("the %s list is not marshalled in line: run make generate", typ)
		}
	}
	if !strings.Contains(function(`marshalOPhotoEdge2ᚕ[^(]*\(`), "ec.photoEdgesInline(ctx, sel, v)") {
		t.Error("the photo edge list does not try photoEdgesInline first: run make generate")
	}
	caseRe := regexp.MustCompile(`(?m)^\t\tcase "([A-Za-z_]+)":`)
	for typ, pure := range pureResolvers {
		body := function(`_` + typ + `\(ctx`)
		cases := caseRe.FindAllStringSubmatchIndex(body, -1)
		for i, c := range cases {
			end := len(body)
			if i+1 < len(cases) {
				end = cases[i+1][0]
			}
			field := body[c[2]:c[3]]
			if strings.Contains(body[c[0]:end], "out.Concurrently(") && !slices.Contains(pure, field) {
				t.Errorf("%s.%s is resolved by a resolver not known to be pure (see pureResolvers)", typ, field)
			}
		}
	}
}
