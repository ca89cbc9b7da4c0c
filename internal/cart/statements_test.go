package cart_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/studio/gallery/internal/cart"
	"github.com/studio/gallery/internal/catalogue"
	"github.com/studio/gallery/internal/testdb"
)

// TestSetPrintStatements counts what adding one print sends to the
// database (issue 21, one pass per request): the gallery's access is
// checked once, the catalogue read once (kept between calls), the cart
// opened once, and the answer priced from what the change's transaction
// read. The bounds are the counts measured on SQLite and PostgreSQL.
func TestSetPrintStatements(t *testing.T) {
	counter := &testdb.Counter{}
	f := setup(t, testdb.Options{Counter: counter})
	f.svc.Catalogues = &catalogue.Cache{TTL: time.Hour}
	f.svc.Catalogues.Install(f.db)
	for _, who := range []struct {
		name string
		max  int64
		add  func() (*cart.View, error)
	}{
		{"browser", maxBrowser, func() (*cart.View, error) {
			return f.svc.SetPrint(browser("s-count"), f.gala, cart.PrintInput{PhotoID: f.photos[0].ID, FormatID: f.p10x15.ID, Quantity: 1})
		}},
		{"e-mail", maxEmail, func() (*cart.View, error) {
			return f.svc.SetPrint(person("s-count-2", "anne@example.com"), f.gala, cart.PrintInput{PhotoID: f.photos[0].ID, FormatID: f.p10x15.ID, Quantity: 1})
		}},
	} {
		f.ok(who.add()) // the first makes the cart and reads the catalogue
		counter.Reset()
		v := f.ok(who.add())
		n := counter.Count()
		t.Logf("SetPrint as a %s, second print: %d statements", who.name, n)
		if v.ItemCount != 2 {
			t.Errorf("%s: %d items, want 2", who.name, v.ItemCount)
		}
		if n > who.max {
			t.Errorf("SetPrint as a %s sent %d statements, want at most %d:\n%s", who.name, n, who.max, strings.Join(counter.Statements(), "\n"))
		}
	}
}

// The statements of a second print, at most, the transaction's begin and
// commit included (before issue 21: 16 as a browser, 20 with an e-mail, on
// both databases: two transactions' worth of reads).
const maxBrowser, maxEmail = 12, 14

// TestDoubleClickOnANewCart: the first prints of a browser that has no
// cart yet, sent at once (a double click, two tabs), make one cart with
// one line of all the quantities: the change that finds no cart to lock
// makes it, then locks it before reading (cart.open).
func TestDoubleClickOnANewCart(t *testing.T) {
	f := setup(t)
	ctx := browser("s-double")
	const clicks = 6
	var wg sync.WaitGroup
	errs := make(chan error, clicks)
	for range clicks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := f.svc.SetPrint(ctx, f.gala, cart.PrintInput{PhotoID: f.photos[0].ID, FormatID: f.p10x15.ID, Quantity: 1})
			if err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	v := f.ok(f.svc.Get(ctx, f.gala))
	if n := f.db.Cart.Query().CountX(f.sys); n != 1 {
		t.Fatalf("%d carts made", n)
	}
	if len(v.Photos) != 1 || v.Photos[0].Quantity != clicks {
		t.Fatalf("lines %v", f.lines(v))
	}
}
