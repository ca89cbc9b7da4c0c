package catalogue

import (
	"errors"
	"strings"
	"testing"

	"github.com/studio/gallery/ent"
)

func TestFormatNameDefaultsToSizes(t *testing.T) {
	for _, tc := range []struct {
		f    *ent.Format
		want string
	}{
		{&ent.Format{ShortSize: 10, LongSize: 15}, "10 x 15"},
		{&ent.Format{ShortSize: 21, LongSize: 29.7}, "21 x 29.7"},
		{&ent.Format{Name: "Toile", ShortSize: 30, LongSize: 45}, "Toile"},
	} {
		if got := FormatName(tc.f); got != tc.want {
			t.Errorf("FormatName = %q, want %q", got, tc.want)
		}
	}
}

// TestValidateReportsTheThreeBuildFailures builds catalogues in memory with
// each broken reference of spec section 5.
func TestValidateReportsTheThreeBuildFailures(t *testing.T) {
	good := func() *Catalogue {
		return &Catalogue{
			Categories: []*ent.Category{{ID: "cat_1"}},
			Families:   []*ent.Family{{ID: "fam_1", CategoryID: "cat_1"}},
			Formats:    []*ent.Format{{ID: "fmt_1", FamilyID: "fam_1"}},
			Packs: []*ent.Pack{{ID: "pck_1", Edges: ent.PackEdges{
				Formats: []*ent.PackFormat{{FormatID: "fmt_1"}},
			}}},
		}
	}
	for _, tc := range []struct {
		name   string
		breakF func(c *Catalogue)
		want   string
	}{
		{"valid", func(*Catalogue) {}, ""},
		{"format with a missing family", func(c *Catalogue) { c.Formats[0].FamilyID = "fam_gone" }, "format fmt_1 references a missing family fam_gone"},
		{"family with a missing category", func(c *Catalogue) { c.Families[0].CategoryID = "cat_gone" }, "family fam_1 references a missing category cat_gone"},
		{"pack with a missing format", func(c *Catalogue) { c.Packs[0].Edges.Formats[0].FormatID = "fmt_gone" }, "pack pck_1 references a missing format fmt_gone"},
		{"pack digital file with a missing format", func(c *Catalogue) {
			c.Packs[0].Edges.DigitalFiles = []*ent.PackDigitalFile{{FormatID: "fmt_web"}}
		}, "pack pck_1 references a missing format fmt_web"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := good()
			tc.breakF(c)
			c.link()
			err := c.Validate()
			if tc.want == "" {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			if !errors.Is(err, ErrBuild) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Validate() = %v, want ErrBuild mentioning %q", err, tc.want)
			}
			var re *RefError
			if !errors.As(err, &re) {
				t.Fatalf("Validate() = %v, want a *RefError in the chain", err)
			}
		})
	}
}

func TestForSaleLeavesOutPackOnlyFormats(t *testing.T) {
	c := &Catalogue{Formats: []*ent.Format{{ID: "a"}, {ID: "b", OnlyInPack: true}, {ID: "c"}}}
	got := c.ForSale()
	if len(got) != 2 || got[0].ID != "a" || got[1].ID != "c" {
		t.Fatalf("ForSale() = %v", got)
	}
}
