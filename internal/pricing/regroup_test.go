package pricing

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/studio/gallery/internal/money"
)

// prints returns n single prints of format f, one per photo p1..pn.
func prints(f string, n int, price money.Cents) []Single {
	var out []Single
	for i := 1; i <= n; i++ {
		out = append(out, Single{ID: fmt.Sprintf("%s-p%d", f, i), Kind: KindPrint, FormatID: f, PhotoID: fmt.Sprintf("p%d", i), Quantity: 1, UnitPrice: price})
	}
	return out
}

// files returns n digital files of format f, one per photo p1..pn.
func files(f string, n int, price money.Cents) []Single {
	var out []Single
	for i := 1; i <= n; i++ {
		out = append(out, Single{ID: fmt.Sprintf("%s-p%d", f, i), Kind: KindDigitalFile, FormatID: f, PhotoID: fmt.Sprintf("p%d", i), Quantity: 1, UnitPrice: price})
	}
	return out
}

// takeAll takes quantity 1 of every item.
func takeAll(items []Single) []Take {
	var out []Take
	for _, it := range items {
		out = append(out, Take{ItemID: it.ID, Quantity: 1})
	}
	return out
}

// single is a 10x15 print at 250 of one photo.
func single(id, photo string, qty int) Single {
	return Single{ID: id, Kind: KindPrint, FormatID: "f10x15", PhotoID: photo, Quantity: qty, UnitPrice: 250}
}

func TestFindRegroups(t *testing.T) {
	souvenir := PackDef{ID: "souvenir", Price: 3900,
		Formats:      []PackSlot{{FormatID: "f10x15", Quantity: 10, Photos: 10}},
		DigitalFiles: []PackSlot{{FormatID: "hd", Quantity: 5}}}
	demo := append(prints("f10x15", 10, 250), files("hd", 5, 900)...)
	ten := func(photos int, price money.Cents) PackDef {
		return PackDef{ID: fmt.Sprintf("ten-%d", photos), Price: price, Formats: []PackSlot{{FormatID: "f10x15", Quantity: 10, Photos: photos}}}
	}
	for _, tc := range []struct {
		name  string
		items []Single
		packs []PackDef
		want  []Regroup
	}{
		{"the demo souvenir pack", demo, []PackDef{souvenir},
			[]Regroup{{PackID: "souvenir", Saving: 3100, Value: 7000, Takes: takeAll(demo)}}},
		{"one file missing", append(prints("f10x15", 10, 250), files("hd", 4, 900)...), []PackDef{souvenir}, nil},
		{"one print missing", append(prints("f10x15", 9, 250), files("hd", 5, 900)...), []PackDef{souvenir}, nil},
		{"files of one photo count once",
			append(prints("f10x15", 10, 250), append(files("hd", 4, 900), Single{ID: "dup", Kind: KindDigitalFile, FormatID: "hd", PhotoID: "p1", UnitPrice: 900})...),
			[]PackDef{souvenir}, nil},
		{"files of another format do not fill the slot",
			append(prints("f10x15", 10, 250), append(files("hd", 4, 900), files("web", 5, 900)...)...), []PackDef{souvenir}, nil},
		{"part of an item of quantity 12", []Single{single("a", "p1", 12)}, []PackDef{ten(1, 2000)},
			[]Regroup{{PackID: "ten-1", Saving: 500, Value: 2500, Takes: []Take{{"a", 10}}}}},
		{"whole items before a part", []Single{single("a", "p1", 12), single("b", "p2", 3), single("c", "p3", 7)}, []PackDef{ten(3, 2000)},
			[]Regroup{
				{PackID: "ten-3", Saving: 500, Value: 2500, Takes: []Take{{"b", 3}, {"c", 7}}},
				{PackID: "ten-3", Saving: 500, Value: 2500, Takes: []Take{{"a", 10}}},
			}},
		{"the photo limit keeps the photos with most prints",
			[]Single{single("a", "p1", 1), single("b", "p2", 1), single("c", "p3", 5), single("d", "p4", 5)}, []PackDef{ten(2, 2000)},
			[]Regroup{{PackID: "ten-2", Saving: 500, Value: 2500, Takes: []Take{{"c", 5}, {"d", 5}}}}},
		{"the photo limit with a part",
			[]Single{single("a", "p1", 4), single("b", "p2", 3), single("c", "p3", 8)}, []PackDef{ten(2, 2000)},
			[]Regroup{{PackID: "ten-2", Saving: 500, Value: 2500, Takes: []Take{{"a", 4}, {"c", 6}}}}},
		{"the photo limit counts photos, not items",
			[]Single{single("a", "p1", 3), single("b", "p2", 4), single("c", "p1", 3)}, []PackDef{ten(2, 2000)},
			[]Regroup{{PackID: "ten-2", Saving: 500, Value: 2500, Takes: []Take{{"a", 3}, {"b", 4}, {"c", 3}}}}},
		{"too few prints within the photo limit", []Single{single("a", "p1", 6), single("b", "p2", 6)}, []PackDef{ten(1, 2000)}, nil},
		{"a pack dearer than its items", demo, []PackDef{{ID: "dear", Price: 7000, Formats: souvenir.Formats, DigitalFiles: souvenir.DigitalFiles}}, nil},
		{"the larger saving wins", prints("f10x15", 10, 250),
			[]PackDef{{ID: "five", Price: 1000, Formats: []PackSlot{{"f10x15", 5, 5}}}, ten(10, 1800)},
			[]Regroup{{PackID: "ten-10", Saving: 700, Value: 2500, Takes: takeAll(prints("f10x15", 10, 250))}}},
		{"a tie goes to the earlier pack", prints("f10x15", 10, 250),
			[]PackDef{{ID: "first", Price: 2000, Formats: []PackSlot{{"f10x15", 10, 10}}}, {ID: "second", Price: 2000, Formats: []PackSlot{{"f10x15", 10, 10}}}},
			[]Regroup{{PackID: "first", Saving: 500, Value: 2500, Takes: takeAll(prints("f10x15", 10, 250))}}},
		{"what is left makes another pack", append(prints("f10x15", 10, 250), single("z", "p1", 5)),
			[]PackDef{{ID: "five", Price: 1000, Formats: []PackSlot{{"f10x15", 5, 5}}}, ten(10, 1800)},
			[]Regroup{
				{PackID: "ten-10", Saving: 700, Value: 2500, Takes: takeAll(prints("f10x15", 10, 250))},
				{PackID: "five", Saving: 250, Value: 1250, Takes: []Take{{"z", 5}}},
			}},
		{"the same pack twice", []Single{single("a", "p1", 25)}, []PackDef{ten(1, 2000)},
			[]Regroup{
				{PackID: "ten-1", Saving: 500, Value: 2500, Takes: []Take{{"a", 10}}},
				{PackID: "ten-1", Saving: 500, Value: 2500, Takes: []Take{{"a", 10}}},
			}},
		{"a pack without slots is never made", demo, []PackDef{{ID: "empty", Price: -100}}, nil},
		{"a slot of quantity 0 is never filled", demo, []PackDef{{ID: "zero", Price: 0, Formats: []PackSlot{{"f10x15", 0, 1}}}}, nil},
		{"no items", nil, []PackDef{souvenir}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := FindRegroups(tc.items, tc.packs)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("FindRegroups =\n %+v,\nwant\n %+v", got, tc.want)
			}
			if again := FindRegroups(tc.items, tc.packs); !reflect.DeepEqual(again, got) {
				t.Errorf("not deterministic: %+v then %+v", got, again)
			}
		})
	}
}

// TestFindRegroupsTakesNoMoreThanThereIs checks on many packs and carts that
// no item gives more than its quantity and every saving is positive.
func TestFindRegroupsTakesNoMoreThanThereIs(t *testing.T) {
	items := append(prints("f10x15", 6, 250), files("hd", 6, 900)...)
	items = append(items, single("big", "p1", 17), single("mid", "p7", 4))
	packs := []PackDef{
		{ID: "a", Price: 3000, Formats: []PackSlot{{"f10x15", 12, 3}}},
		{ID: "b", Price: 2500, Formats: []PackSlot{{"f10x15", 4, 2}}, DigitalFiles: []PackSlot{{"hd", 2, 0}}},
		{ID: "c", Price: 1500, DigitalFiles: []PackSlot{{"hd", 3, 0}}},
	}
	left := map[string]int{}
	for _, it := range items {
		left[it.ID] += it.Quantity
	}
	for _, r := range FindRegroups(items, packs) {
		if r.Saving <= 0 {
			t.Errorf("%+v saves nothing", r)
		}
		for _, tk := range r.Takes {
			left[tk.ItemID] -= tk.Quantity
			if tk.Quantity < 1 || left[tk.ItemID] < 0 {
				t.Errorf("%+v takes too much of %s", r, tk.ItemID)
			}
		}
	}
}
