package emails

import "time"

// AccessCodeData: the one-time code and how long it lasts.
type AccessCodeData struct {
	Code    string
	Minutes int
}

// ClientCodeData: a client's code and where to type it.
type ClientCodeData struct {
	Code, Link string
}

// ShareData: who shares, their message, the gallery's link and, for a
// protected gallery, its visitor code.
type ShareData struct {
	Sender, Message, Link, Code string
}

// ContactData: a visitor's message to the photographer.
type ContactData struct {
	Name, Email, Message string
}

// AlbumSentData: who sent the album (an address, or "") and its photos.
type AlbumSentData struct {
	Sender string
	Files  []string
}

// OrderData is every order e-mail's data.
type OrderData struct {
	Number                     string
	Firstname, Lastname, Email string
	Phone                      string
	Retouch                    bool
	// Date is when the order was placed, in the photographer's time zone.
	Date  time.Time
	Lines []OrderLine
	// Amounts in cents.
	Subtotal, Discount, Shipping, GiftCard, Total, VAT int
	DiscountCode                                       string
	// Delivery is "shipping", "pickup" or "" (nothing to deliver).
	Delivery string
	// ShippingAddress is the address, one line each; Pickup the studio's.
	ShippingAddress []string
	Pickup          string
	// Digital: the order has files, sent in another e-mail.
	Digital bool
	// Paid: the order was paid (a cancelled order is refunded then).
	Paid bool
	// Status is the order's state, for the photographer.
	Status string
	// Link follows the order.
	Link string
	// Tracking is the carrier's tracking number of sent prints, or "".
	Tracking string
	// Refunded is what a partial refund gave back, in cents; 0 when the
	// order is refunded whole (Total).
	Refunded int
}

// OrderLine is one line of the recap.
type OrderLine struct {
	Description string
	Quantity    int
	Total       int
}

// DownloadData: the links to download photos.
type DownloadData struct {
	// Quality is "web" or "hd".
	Quality string
	Files   int
	Links   []string
	// Expires is when the links stop working (photographer's time zone), or zero.
	Expires time.Time
	// OrderNumber names the order the files were bought with, or "".
	OrderNumber string
}
