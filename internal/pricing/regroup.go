package pricing

import (
	"cmp"
	"slices"

	"github.com/studio/gallery/internal/money"
)

// Single is an individual cart item that may go into a pack.
type Single struct {
	ID        string // cart item id
	Kind      string // KindPrint or KindDigitalFile
	FormatID  string
	PhotoID   string
	Quantity  int // prints; digital files count 1
	UnitPrice money.Cents
}

// PackSlot is one format of a pack: Quantity prints (or files) of at most
// Photos different photos.
type PackSlot struct {
	FormatID string
	Quantity int
	Photos   int
}

// PackDef is a gallery pack.
type PackDef struct {
	ID           string
	Price        money.Cents
	Formats      []PackSlot
	DigitalFiles []PackSlot
}

// Take is how much of a cart item goes into the pack.
type Take struct {
	ItemID   string
	Quantity int
}

// Regroup is one pack to make from individual items.
type Regroup struct {
	PackID string
	// Saving is Value - the pack's price, always > 0.
	Saving money.Cents
	// Value is what the taken items cost individually.
	Value money.Cents
	// Takes are in the items' input order, one per item.
	Takes []Take
}

// FindRegroups finds the packs the buyer would pay less for than for the
// same individual items, greedily: among the packs that can be made from
// what is left, it makes the one with the largest saving (the earlier pack
// on a tie), removes what it took, and starts again until no pack can be
// made with a saving. The result is in the order the packs were made.
//
// A pack is made by filling its slots in order (Formats, then
// DigitalFiles), each exactly, from what the earlier slots left:
//
//   - A print slot takes Quantity prints from the print items of its format
//     (an item may be taken partly) of at most Photos different photos.
//     When the items hold more photos than that, only the Photos photos
//     with the most prints left are used (the earlier photo on a tie); the
//     slot cannot be filled when they hold fewer than Quantity prints.
//     Among the items usable, whole items are taken first, in input order,
//     then what is still missing comes from the first item holding more, so
//     that at most one item is taken partly.
//   - A digital slot takes one file each of Quantity different photos from
//     the digital_file items of its format, in input order. A digital item
//     counts 1 whatever its Quantity.
//
// A pack without slots, with a slot of Quantity < 1 or with a print slot of
// Photos < 1 is never made. The search is greedy per slot: a pack with two
// slots of the same format may be missed when another split of the items
// would fill both. Negative unit prices count as 0.
func FindRegroups(items []Single, packs []PackDef) []Regroup {
	left := make([]int, len(items))
	for i, it := range items {
		switch {
		case it.Kind == KindDigitalFile:
			left[i] = 1
		case it.Kind == KindPrint && it.Quantity > 0:
			left[i] = it.Quantity
		}
	}
	var out []Regroup
	for {
		best := -1
		var bestTaken []int
		var bestValue money.Cents
		for p := range packs {
			taken, ok := fillPack(items, left, packs[p])
			if !ok {
				continue
			}
			value := takenValue(items, taken)
			if value-packs[p].Price <= 0 {
				continue
			}
			if best < 0 || value-packs[p].Price > bestValue-packs[best].Price {
				best, bestTaken, bestValue = p, taken, value
			}
		}
		if best < 0 {
			return out
		}
		r := Regroup{PackID: packs[best].ID, Value: bestValue, Saving: bestValue - packs[best].Price}
		for i, n := range bestTaken {
			if n > 0 {
				r.Takes = append(r.Takes, Take{ItemID: items[i].ID, Quantity: n})
				left[i] -= n
			}
		}
		out = append(out, r)
	}
}

// fillPack returns how much of each item the pack takes from left (which
// it does not change), or false when a slot cannot be filled.
func fillPack(items []Single, left []int, pack PackDef) ([]int, bool) {
	if len(pack.Formats)+len(pack.DigitalFiles) == 0 {
		return nil, false
	}
	rest := slices.Clone(left)
	taken := make([]int, len(items))
	for _, s := range pack.Formats {
		if !fillPrints(items, rest, taken, s) {
			return nil, false
		}
	}
	for _, s := range pack.DigitalFiles {
		if !fillFiles(items, rest, taken, s) {
			return nil, false
		}
	}
	return taken, true
}

// fillPrints fills a print slot, moving quantities from rest to taken.
func fillPrints(items []Single, rest, taken []int, s PackSlot) bool {
	if s.Quantity < 1 || s.Photos < 1 {
		return false
	}
	// The usable items and their photos in order of first appearance.
	var usable []int
	var photos []string
	perPhoto := map[string]int{}
	for i, it := range items {
		if it.Kind != KindPrint || it.FormatID != s.FormatID || rest[i] <= 0 {
			continue
		}
		usable = append(usable, i)
		if _, seen := perPhoto[it.PhotoID]; !seen {
			photos = append(photos, it.PhotoID)
		}
		perPhoto[it.PhotoID] += rest[i]
	}
	if len(photos) > s.Photos {
		// The photo limit binds: keep the photos with the most prints.
		slices.SortStableFunc(photos, func(a, b string) int { return cmp.Compare(perPhoto[b], perPhoto[a]) })
		keep := map[string]bool{}
		for _, ph := range photos[:s.Photos] {
			keep[ph] = true
		}
		usable = slices.DeleteFunc(usable, func(i int) bool { return !keep[items[i].PhotoID] })
	}
	need := s.Quantity
	for _, i := range usable { // whole items first
		if rest[i] <= need {
			taken[i] += rest[i]
			need -= rest[i]
			rest[i] = 0
		}
	}
	for _, i := range usable { // then part of the first bigger one
		if need == 0 {
			break
		}
		n := min(rest[i], need)
		taken[i] += n
		rest[i] -= n
		need -= n
	}
	return need == 0
}

// fillFiles fills a digital slot with one file each of Quantity different
// photos.
func fillFiles(items []Single, rest, taken []int, s PackSlot) bool {
	if s.Quantity < 1 {
		return false
	}
	need := s.Quantity
	used := map[string]bool{}
	for i, it := range items {
		if need == 0 {
			break
		}
		if it.Kind != KindDigitalFile || it.FormatID != s.FormatID || rest[i] <= 0 || used[it.PhotoID] {
			continue
		}
		used[it.PhotoID] = true
		taken[i]++
		rest[i]--
		need--
	}
	return need == 0
}

func takenValue(items []Single, taken []int) money.Cents {
	var v money.Cents
	for i, n := range taken {
		v += max(items[i].UnitPrice, 0) * money.Cents(n)
	}
	return v
}
