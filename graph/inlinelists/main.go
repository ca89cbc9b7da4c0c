// Command inlinelists rewrites gqlgen's generated executor so that the lists
// of a few element types are marshalled in line, one element after the other,
// instead of one goroutine per element. `make generate` runs it after gqlgen.
//
// gqlgen starts a goroutine for every element of every list
// (graphql.MarshalSliceConcurrently) so that fields resolved through
// dataloaders batch across the elements. Photos and videos have no such
// field: every field is a column or a pure function of the row. For them the
// goroutines were pure cost: on a page of 100 photos, the scheduler, its
// locks and the new goroutines' stacks took more CPU than the answer itself.
//
// The lists of the types in Writers also try a hand-written writer first.
//
// Only the types in Inline are rewritten. A field of one of them that waits
// on a dataloader would wait once per element, so graph's
// TestInlineListsResolveNothingThroughLoaders fails when one of these types
// gains a resolver field not known to be pure.
package main

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
)

// Inline are the GraphQL types whose lists are marshalled in line.
var Inline = []string{"Photo", "PhotoEdge", "Video", "VideoEdge"}

// Writers are hand-written methods of the executor that write a whole list
// of a type without gqlgen's per-field machinery when the selection allows
// it (they answer false otherwise); the list function calls them first.
var Writers = map[string]string{"PhotoEdge": "photoEdgesInline"}

var (
	funcStart  = regexp.MustCompile(`(?m)^func \(ec \*executionContext\) marshal[NO]([A-Za-z_]+?)2ᚕ`)
	concurrent = []byte("graphql.MarshalSliceConcurrently(ctx, len(v), 0, false, func(")
	inline     = []byte("marshalSliceInline(ctx, len(v), func(")
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: inlinelists graph/generated.go")
		os.Exit(2)
	}
	path := os.Args[1]
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	out, n, err := rewrite(src)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("inlinelists: %d list marshallers in line in %s\n", n, path)
}

// rewrite replaces the concurrent slice marshalling of the Inline types'
// list functions and says how many it changed.
func rewrite(src []byte) ([]byte, int, error) {
	want := map[string]bool{}
	for _, t := range Inline {
		want[t] = true
	}
	found := map[string]bool{}
	locs := funcStart.FindAllSubmatchIndex(src, -1)
	var out bytes.Buffer
	last, n := 0, 0
	for i, loc := range locs {
		name := string(src[loc[2]:loc[3]])
		if !want[name] {
			continue
		}
		end := len(src)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		body := src[loc[0]:end]
		if c := bytes.Count(body, concurrent); c != 1 {
			if bytes.Count(body, inline) == 1 {
				found[name] = true // already rewritten
				continue
			}
			return nil, 0, fmt.Errorf("inlinelists: %d concurrent marshallings in the %s list function, want 1 (has gqlgen's template changed?)", c, name)
		}
		body = bytes.Replace(body, concurrent, inline, 1)
		if writer := Writers[name]; writer != "" {
			open := bytes.Index(body, []byte(" {\n"))
			if open < 0 {
				return nil, 0, fmt.Errorf("inlinelists: no body in the %s list function", name)
			}
			call := fmt.Sprintf("\tif m, ok := ec.%s(ctx, sel, v); ok {\n\t\treturn m\n\t}\n", writer)
			body = append(append(append([]byte{}, body[:open+3]...), call...), body[open+3:]...)
		}
		out.Write(src[last:loc[0]])
		out.Write(body)
		last = end
		found[name] = true
		n++
	}
	out.Write(src[last:])
	for _, t := range Inline {
		if !found[t] {
			return nil, 0, fmt.Errorf("inlinelists: no list function of %s in the generated code", t)
		}
	}
	return out.Bytes(), n, nil
}
