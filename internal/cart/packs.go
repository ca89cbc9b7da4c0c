package cart

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/cartitem"
	"github.com/studio/gallery/ent/format"
	"github.com/studio/gallery/internal/ids"
	"github.com/studio/gallery/internal/model"
)

// slot is one format of a pack definition.
type slot struct {
	formatID         string
	quantity, photos int
	digital          bool
}

// packSlots lists a pack's print formats, then its digital files. A
// digital file slot holds Quantity different photos.
func packSlots(p *ent.Pack) []slot {
	if p == nil {
		return nil
	}
	var out []slot
	for _, pf := range p.Edges.Formats {
		out = append(out, slot{formatID: pf.FormatID, quantity: pf.Quantity, photos: pf.Photos})
	}
	for _, pd := range p.Edges.DigitalFiles {
		out = append(out, slot{formatID: pd.FormatID, quantity: pd.Quantity, photos: pd.Quantity, digital: true})
	}
	return out
}

// findChoice returns the photos chosen for a slot.
func findChoice(c *model.PackContent, s slot) []model.PackPhotoChoice {
	list := c.Formats
	if s.digital {
		list = c.DigitalFiles
	}
	for _, f := range list {
		if f.FormatID == s.formatID {
			return f.Photos
		}
	}
	return nil
}

func finishOf(s string) *cartitem.Finish {
	if s == "" {
		return nil
	}
	f := cartitem.Finish(s)
	return &f
}

func borderOf(s string) *cartitem.Border {
	if s == "" {
		return nil
	}
	b := cartitem.Border(s)
	return &b
}

// CleanPackName replaces & < > / \ with spaces and trims the name.
func CleanPackName(name string) (string, error) {
	name = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`&<>/\`, r) {
			return ' '
		}
		return r
	}, name)
	name = strings.Join(strings.Fields(name), " ")
	switch {
	case name == "":
		return "", ErrPackNameRequired
	case utf8.RuneCountInString(name) > MaxPackNameLen:
		return "", ErrPackNameTooLong
	}
	return name, nil
}

// PackChoice is the photos chosen for one format of a pack instance.
type PackChoice struct {
	FormatID string
	Photos   []PhotoChoice
}

// PhotoChoice is one photo of a pack format with its print options.
type PhotoChoice struct {
	PhotoID  string
	Quantity int
	Finish   *cartitem.Finish
	Border   *cartitem.Border
	Crop     *model.Crop
}

// ConfigureInput configures a pack being composed.
type ConfigureInput struct {
	PackInstanceID string
	// Formats and DigitalFiles replace the photos of each format named.
	Formats, DigitalFiles []PackChoice
	ClientPackName        *string
}

// CreateOngoingPack starts composing a gallery pack.
func (s *Service) CreateOngoingPack(ctx context.Context, g *ent.Gallery, packID string) (*View, error) {
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		p := (&state{cat: w.cat}).pack(&packID)
		if p == nil {
			return ErrPackNotFound.WithField("packId")
		}
		if freeOnlyPack(freeQualities(ctx, g), w.cat, p) {
			return ErrGivenAway.WithField("packId")
		}
		content := &model.PackContent{}
		for _, sl := range packSlots(p) {
			fc := model.PackFormatChoice{FormatID: sl.formatID, Photos: []model.PackPhotoChoice{}}
			if sl.digital {
				content.DigitalFiles = append(content.DigitalFiles, fc)
			} else {
				content.Formats = append(content.Formats, fc)
			}
		}
		return w.tx.CartItem.Create().SetCartID(w.cart.ID).SetKind(cartitem.KindOngoingPack).SetPackID(p.ID).
			SetPackInstanceID(ids.New("pki")).SetClientPackName(p.DisplayName).SetUnitPrice(p.UnitPrice).
			SetPackContent(content).Exec(ctx)
	})
}

// packInstance finds a pack instance of the cart by its instance id (or
// its cart item id) among the given kinds.
func (w *work) packInstance(ctx context.Context, id string, kinds ...cartitem.Kind) (*ent.CartItem, error) {
	it, err := w.tx.CartItem.Query().Where(cartItemOf(w.cart.ID), cartitem.KindIn(kinds...),
		cartitem.Or(cartitem.PackInstanceID(id), cartitem.ID(id))).First(ctx)
	if ent.IsNotFound(err) {
		return nil, ErrPackNotFound
	}
	return it, wrap("pack instance", err)
}

// ConfigureOngoingPack chooses photos for formats of a pack being
// composed. Zero quantities are dropped; digital files count one each.
func (s *Service) ConfigureOngoingPack(ctx context.Context, g *ent.Gallery, in ConfigureInput) (*View, error) {
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		it, err := w.packInstance(ctx, in.PackInstanceID, cartitem.KindOngoingPack)
		if err != nil {
			return err
		}
		p := (&state{cat: w.cat}).pack(it.PackID)
		if p == nil {
			return ErrPackNotFound
		}
		content := clone(it.PackContent)
		for _, group := range []struct {
			choices []PackChoice
			digital bool
		}{{in.Formats, false}, {in.DigitalFiles, true}} {
			for _, ch := range group.choices {
				if err := s.configureSlot(ctx, w, p, content, ch, group.digital); err != nil {
					return err
				}
			}
		}
		upd := w.tx.CartItem.UpdateOne(it).SetPackContent(content)
		if in.ClientPackName != nil {
			name, err := CleanPackName(*in.ClientPackName)
			if err != nil {
				return err
			}
			upd.SetClientPackName(name)
		}
		return upd.Exec(ctx)
	})
}

// configureSlot replaces the photos of one format of a pack instance.
func (s *Service) configureSlot(ctx context.Context, w *work, p *ent.Pack, content *model.PackContent, ch PackChoice, digital bool) error {
	var sl *slot
	for _, x := range packSlots(p) {
		if x.formatID == ch.FormatID && x.digital == digital {
			sl = &x
			break
		}
	}
	if sl == nil {
		return ErrFormatNotFound
	}
	if len(ch.Photos) > MaxChoices {
		return ErrTooManyChoices
	}
	f := w.cat.Format(sl.formatID)
	if f == nil {
		return ErrFormatNotFound
	}
	picked := []model.PackPhotoChoice{}
	seen := map[string]bool{}
	total := 0
	for _, pc := range ch.Photos {
		if pc.Quantity <= 0 {
			continue
		}
		if pc.Quantity > MaxQuantity {
			return ErrQuantity
		}
		ph, err := s.photo(ctx, w.tx, w.gallery, pc.PhotoID)
		if err != nil {
			return err
		}
		choice := model.PackPhotoChoice{PhotoID: ph.ID, Quantity: pc.Quantity}
		if digital || f.Kind == format.KindDigital {
			if seen[ph.ID] {
				continue
			}
			choice.Quantity = 1
		} else {
			fin, bor, crop, err := printOptions(w.gallery, ph, f, pc.Finish, pc.Border, pc.Crop)
			if err != nil {
				return err
			}
			choice.Finish, choice.Border, choice.Crop = string(*fin), string(*bor), crop
		}
		seen[ph.ID] = true
		total += choice.Quantity
		picked = append(picked, choice)
	}
	if total > sl.quantity || len(seen) > sl.photos {
		return ErrPackFormatFull(sl.quantity, sl.photos)
	}
	setChoice(content, sl, picked)
	return nil
}

// setChoice replaces (or adds) a slot's photos in content.
func setChoice(c *model.PackContent, sl *slot, photos []model.PackPhotoChoice) {
	list := &c.Formats
	if sl.digital {
		list = &c.DigitalFiles
	}
	for i := range *list {
		if (*list)[i].FormatID == sl.formatID {
			(*list)[i].Photos = photos
			return
		}
	}
	*list = append(*list, model.PackFormatChoice{FormatID: sl.formatID, Photos: photos})
}

func clone(c *model.PackContent) *model.PackContent {
	out := &model.PackContent{}
	if c == nil {
		return out
	}
	for _, f := range c.Formats {
		out.Formats = append(out.Formats, model.PackFormatChoice{FormatID: f.FormatID, Photos: append([]model.PackPhotoChoice{}, f.Photos...)})
	}
	for _, f := range c.DigitalFiles {
		out.DigitalFiles = append(out.DigitalFiles, model.PackFormatChoice{FormatID: f.FormatID, Photos: append([]model.PackPhotoChoice{}, f.Photos...)})
	}
	return out
}

// RemovePackFormat clears the photos chosen for one format of a pack
// instance. A missing pack or format is refused.
func (s *Service) RemovePackFormat(ctx context.Context, g *ent.Gallery, instanceID, formatID string) (*View, error) {
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		it, err := w.packInstance(ctx, instanceID, cartitem.KindOngoingPack, cartitem.KindPack)
		if err != nil {
			return err
		}
		content := clone(it.PackContent)
		found := false
		for _, list := range [][]model.PackFormatChoice{content.Formats, content.DigitalFiles} {
			for i := range list {
				if list[i].FormatID == formatID {
					list[i].Photos = []model.PackPhotoChoice{}
					found = true
				}
			}
		}
		if !found {
			return ErrFormatNotFound
		}
		// A pack missing photos is no longer complete.
		return w.tx.CartItem.UpdateOne(it).SetPackContent(content).SetKind(cartitem.KindOngoingPack).Exec(ctx)
	})
}

// DeleteOngoingPack abandons a pack being composed.
func (s *Service) DeleteOngoingPack(ctx context.Context, g *ent.Gallery, instanceID string) (*View, error) {
	return s.deletePack(ctx, g, instanceID, cartitem.KindOngoingPack)
}

// RemovePack takes a complete pack out of the cart.
func (s *Service) RemovePack(ctx context.Context, g *ent.Gallery, instanceID string) (*View, error) {
	return s.deletePack(ctx, g, instanceID, cartitem.KindPack)
}

func (s *Service) deletePack(ctx context.Context, g *ent.Gallery, instanceID string, kind cartitem.Kind) (*View, error) {
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		it, err := w.packInstance(ctx, instanceID, kind)
		if err != nil {
			return err
		}
		return w.tx.CartItem.DeleteOne(it).Exec(ctx)
	})
}

// AddPack puts a composed pack in the cart, refused while photos remain to
// choose.
func (s *Service) AddPack(ctx context.Context, g *ent.Gallery, instanceID string, name *string) (*View, error) {
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		it, err := w.packInstance(ctx, instanceID, cartitem.KindOngoingPack)
		if err != nil {
			return err
		}
		st := &state{cat: w.cat, photos: map[string]*ent.Photo{}, free: freeQualities(ctx, g)}
		if p := st.pack(it.PackID); p == nil {
			return ErrPackNotFound
		} else if freeOnlyPack(st.free, st.cat, p) {
			return ErrGivenAway.WithField("packId")
		}
		// Photos made invisible since they were chosen no longer count.
		ids := itemPhotoIDs(it)
		if len(ids) > 0 {
			visible, err := s.visiblePhotos(ctx, w.tx, w.gallery, ids)
			if err != nil {
				return err
			}
			it.PackContent, _ = keepPhotos(it.PackContent, visible)
		}
		if rem := st.packItem(it).RemainingPhotos; rem > 0 {
			return ErrPackIncomplete(rem)
		}
		upd := w.tx.CartItem.UpdateOne(it).SetKind(cartitem.KindPack).SetPackContent(it.PackContent)
		if name != nil {
			n, err := CleanPackName(*name)
			if err != nil {
				return err
			}
			upd.SetClientPackName(n)
		}
		return upd.Exec(ctx)
	})
}

// EditPack sets a pack in the cart back to being composed.
func (s *Service) EditPack(ctx context.Context, g *ent.Gallery, instanceID string) (*View, error) {
	return s.mutate(ctx, g, func(ctx context.Context, w *work) error {
		it, err := w.packInstance(ctx, instanceID, cartitem.KindPack, cartitem.KindOngoingPack)
		if err != nil {
			return err
		}
		return w.tx.CartItem.UpdateOne(it).SetKind(cartitem.KindOngoingPack).Exec(ctx)
	})
}

// keepPhotos returns c without the photos not in visible, and whether any went.
func keepPhotos(c *model.PackContent, visible map[string]bool) (*model.PackContent, bool) {
	out := clone(c)
	changed := false
	for _, list := range [][]model.PackFormatChoice{out.Formats, out.DigitalFiles} {
		for i := range list {
			kept := list[i].Photos[:0]
			for _, p := range list[i].Photos {
				if visible[p.PhotoID] {
					kept = append(kept, p)
				} else {
					changed = true
				}
			}
			list[i].Photos = kept
		}
	}
	return out, changed
}
