package emails_test

import (
	"time"

	"github.com/studio/gallery/internal/emails"
)

// hostile is user text that must come out escaped in the HTML part.
const hostile = `Léa <b>"Tom"</b> & <script>alert(1)</script>`

func sampleBrand() emails.Brand {
	return emails.Brand{
		Gallery: "Mariage de Julie & Thomas", GalleryURL: "https://galerie.example/julie-et-thomas",
		Cover:   "https://galerie.example/media/photos/ph_1/abc/1280.jpg",
		Primary: "#2f3e46", Accent: "#c9a227", Light: "#f7f4ef",
		Studio: "Studio Lumière", StudioEmail: "studio@example.com", StudioPhone: "+32 2 123 45 67",
		StudioWebsite: "https://studio.example",
	}
}

// samples holds one data value per e-mail, with hostile user text
// wherever a visitor types something.
func samples() map[emails.Name]any {
	at := time.Date(2026, 6, 14, 16, 5, 0, 0, time.UTC)
	order := emails.OrderData{
		Number: "10042", Firstname: hostile, Lastname: "Martin", Email: "lea@example.com", Phone: "+32 470 12 34 56",
		Retouch: true, Date: at,
		Lines: []emails.OrderLine{
			{Description: "Tirage 13×18 brillant – IMG_0002.jpg", Quantity: 2, Total: 1000},
			{Description: "Fichier HD – IMG_0004.jpg", Quantity: 1, Total: 800},
		},
		Subtotal: 1800, Discount: 180, DiscountCode: "ETE26", Shipping: 490, GiftCard: 500, Total: 1610, VAT: 279,
		Delivery: "shipping", ShippingAddress: []string{hostile, "Rue Haute 1", "1000 Bruxelles", "Belgique"},
		Digital: true, Paid: true, Status: "cancelled",
		Link: "https://galerie.example/julie-et-thomas/paymentReturn?order=ord_1",
	}
	ready := order
	ready.Delivery, ready.ShippingAddress, ready.Pickup = "pickup", nil, "Studio Lumière\nRue du Midi 5\n1000 Bruxelles"
	return map[emails.Name]any{
		emails.AccessCode: emails.AccessCodeData{Code: "123456", Minutes: 10},
		emails.ClientCode: emails.ClientCodeData{Code: "CLIENT-1234", Link: "https://galerie.example/julie-et-thomas/authentication/accessCode"},
		emails.Share: emails.ShareData{Sender: hostile, Message: hostile + "\nDeuxième ligne", Code: "INVITE-5678",
			Link: "https://galerie.example/julie-et-thomas"},
		emails.Contact:           emails.ContactData{Name: hostile, Email: "lea@example.com", Message: hostile + "\nj'ai perdu le code"},
		emails.AlbumSent:         emails.AlbumSentData{Sender: "lea@example.com", Files: []string{"IMG_0002.jpg", "IMG_<0004>.jpg"}},
		emails.OrderConfirmation: order,
		emails.OrderPhotographer: order,
		emails.OrderSent:         order,
		emails.OrderReady:        ready,
		emails.OrderCancelled:    order,
		emails.OrderRefunded:     order,
		emails.OrderLatePayment:  order,
		emails.StudioCode:        emails.AccessCodeData{Code: "654321", Minutes: 10},
		emails.DownloadReady: emails.DownloadData{Quality: "hd", Files: 42, OrderNumber: "10042", Expires: at,
			Links: []string{"https://galerie.example/media/downloads/dr_1/0", "https://galerie.example/media/downloads/dr_1/1"}},
	}
}
