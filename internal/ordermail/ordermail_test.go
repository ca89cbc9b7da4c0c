package ordermail_test

import (
	"context"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/studio/gallery/ent/orderemail"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/mail"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/ordermail"
	"github.com/studio/gallery/internal/testdb"
	"github.com/studio/gallery/internal/viewer"
)

// TestRecordTellsTheOrdersPage records an e-mail about an order and checks
// that it is kept, cut to its columns at a character boundary, and that
// the order's followers hear of it after it is kept.
func TestRecordTellsTheOrdersPage(t *testing.T) {
	db := testdb.Open(t)
	sys := viewer.SystemContext(context.Background())
	pg := db.Client.Photographer.Create().SetEmail("studio@example.com").SetName("Studio").SaveX(sys)
	g := db.Client.Gallery.Create().SetURL("mariage").SetEventName("Mariage").SetPhotographer(pg).SaveX(sys)
	addr := model.Address{Firstname: "Anne", Lastname: "Martin", Address: "Rue Haute 1", PostalCode: "1000", City: "Bruxelles", Country: "BE"}
	o := db.Client.Order.Create().SetGallery(g).SetNumber("2026-0001").SetEmail("anne@example.com").SetCartID("crt_1").
		SetSubtotal(1000).SetTotal(1000).SetBillingAddress(addr).SaveX(sys)

	ev := events.NewLocal()
	defer ev.Close()
	sub := ev.Subscribe(ordermail.TopicOrder)
	defer sub.Close()
	long := strings.Repeat("é", 300) // 600 bytes: cut within the subject's 400
	m := mail.Message{To: []string{"anne@example.com"}, Subject: long}
	if err := ordermail.Record(sys, db.Client, ev, o.ID, "confirmation", m); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	got, err := sub.Next(ctx)
	if err != nil || len(got) != 1 || got[0].ID != o.ID {
		t.Fatalf("events %+v, %v", got, err)
	}
	kept := db.Client.OrderEmail.Query().Where(orderemail.OrderID(o.ID)).OnlyX(sys)
	if kept.Kind != "confirmation" || kept.Recipient != "anne@example.com" {
		t.Fatalf("kept %+v", kept)
	}
	if !utf8.ValidString(kept.Subject) || !strings.HasPrefix(long, kept.Subject) || len(kept.Subject) > 400 || len(kept.Subject) < 398 {
		t.Fatalf("subject of %d bytes: %q", len(kept.Subject), kept.Subject)
	}
	// Without a broker it is still kept.
	if err := ordermail.Record(sys, db.Client, nil, o.ID, "sent", m); err != nil {
		t.Fatal(err)
	}
	if n := db.Client.OrderEmail.Query().Where(orderemail.OrderID(o.ID)).CountX(sys); n != 2 {
		t.Fatalf("%d kept", n)
	}
}
