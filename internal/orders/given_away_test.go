package orders_test

import (
	"slices"
	"testing"

	"github.com/studio/gallery/ent/order"
	"github.com/studio/gallery/ent/orderline"
	"github.com/studio/gallery/internal/payments"
)

// TestFilesGivenAwayBeforePlacingAreNotCharged: an HD file put in the cart
// before the gallery gave its files away is not charged. Placing the order
// as the review page showed it is refused (cart_changed); the cart read
// again has dropped the file, and the order placed then holds the print
// only.
func TestFilesGivenAwayBeforePlacingAreNotCharged(t *testing.T) {
	f := setup(t)
	ctx := buyer("anne@example.com")
	f.fill(ctx, 0, 1, true)
	shown := f.shown(ctx, payments.Card)

	di := f.gala.DownloadInformation
	di.FreeDownload, di.ClientsOnly, di.Qualities = true, false, []string{"hd"}
	f.gala = f.db.Client.Gallery.UpdateOne(f.gala).SetDownloadInformation(di).SaveX(f.sys)

	if _, err := f.svc.Place(ctx, f.gala, shown); code(err) != "cart_changed" {
		t.Fatalf("placing the cart with the file: %v, want cart_changed", err)
	}
	if n := f.db.Client.Order.Query().CountX(f.sys); n != 0 {
		t.Fatalf("%d orders after the refusal", n)
	}
	v, err := f.carts.Get(ctx, f.gala)
	if err != nil {
		t.Fatal(err)
	}
	if !v.CartUpdated || len(v.Photos) != 1 || v.Photos[0].Format.ID != f.p10x15.ID {
		t.Fatalf("cart read again: updated %v, %d items", v.CartUpdated, len(v.Photos))
	}
	p := f.place(ctx)
	var kinds []string
	for _, l := range f.db.Client.OrderLine.Query().Where(orderline.HasOrderWith(order.ID(p.Order.ID))).AllX(f.sys) {
		kinds = append(kinds, l.Kind)
	}
	if !slices.Equal(kinds, []string{"print"}) {
		t.Fatalf("order lines %v, want the print only", kinds)
	}
}
