package cart

// The stable codes of the refusals of the cart: REST bodies and clients
// rely on them, and the GraphQL schema lists them in the domain's
// XErrorCode enum (graph/errorcodes_test.go checks both).
const (
	CodeAddressRequired     = "address_required"
	CodeAddressSuggestion   = "address_suggestion"
	CodeBorderNotOffered    = "border_not_offered"
	CodeCartChanged         = "cart_changed"
	CodeCartEmpty           = "cart_empty"
	CodeCartItemNotFound    = "cart_item_not_found"
	CodeCoveredByAllGallery = "covered_by_all_gallery"
	CodeCropRequired        = "crop_required"
	CodeFinishNotOffered    = "finish_not_offered"
	CodeFormatIncompatible  = "format_incompatible"
	CodeFormatNotFound      = "format_not_found"
	CodeGivenAway           = "given_away"
	CodeInvalidCrop         = "invalid_crop"
	CodeInvalidDelivery     = "invalid_delivery"
	CodeInvalidQuantity     = "invalid_quantity"
	CodeNotForSale          = "not_for_sale"
	CodeNotOffered          = "not_offered"
	CodePackFormatFull      = "pack_format_full"
	CodePackIncomplete      = "pack_incomplete"
	CodePackNotFound        = "pack_not_found"
	CodePhotoNotFound       = "photo_not_found"
	CodeRequired            = "required"
	CodeShippingUnavailable = "shipping_unavailable"
	CodeTooLong             = "too_long"
	CodeTooMany             = "too_many"
)
