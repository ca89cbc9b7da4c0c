// Package graph holds the thin gqlgen resolvers; domain rules live in internal/.
package graph

import (
	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/access"
	"github.com/studio/gallery/internal/captcha"
	"github.com/studio/gallery/internal/cart"
	"github.com/studio/gallery/internal/contact"
	"github.com/studio/gallery/internal/downloads"
	"github.com/studio/gallery/internal/events"
	"github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/orders"
	"github.com/studio/gallery/internal/photographer"
	"github.com/studio/gallery/internal/photos"
	"github.com/studio/gallery/internal/selections"
	"github.com/studio/gallery/internal/share"
)

//go:generate go tool gqlgen generate --config ../gqlgen.yml

// Resolver is the root resolver and the only place dependencies are wired.
type Resolver struct {
	DB        *ent.Client
	Galleries *gallery.Service
	// Tools makes the photographer's changes (the mutations).
	Tools *photographer.Service
	// Photos stores uploads; nil refuses uploadPhotos with an internal error.
	Photos *photos.Service
	// Access applies the access rules (codes, e-mail identity, previews).
	Access *access.Service
	// Selections keeps favourites, named selections, the clients' album and
	// client-hidden photos.
	Selections *selections.Service
	// Shares sends a gallery's link by e-mail; Contact carries messages to
	// the photographer behind a captcha (Captchas).
	Shares   *share.Service
	Contact  *contact.Service
	Captchas *captcha.Service
	// Carts keeps the visitors' carts and prices them.
	Carts *cart.Service
	// Downloads takes download requests.
	Downloads *downloads.Service
	// Checkout places orders and follows their payments.
	Checkout *orders.Service
	// Events feeds the subscriptions.
	Events  events.Broker
	Version string
}
