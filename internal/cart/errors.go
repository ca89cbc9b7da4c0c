package cart

import (
	"fmt"
	"net/http"

	"github.com/studio/gallery/internal/apperr"
)

// Errors the cart calls answer with. Refusals the buyer can act on are 4xx
// other than 401/403/404, so GraphQL answers them as userErrors.
var (
	ErrPhotoNotFound  = apperr.New(CodePhotoNotFound, http.StatusNotFound, "photo_not_found").WithField("photoId")
	ErrFormatNotFound = apperr.New(CodeFormatNotFound, http.StatusUnprocessableEntity, "format_not_found").WithField("formatId")
	ErrPackNotFound   = apperr.New(CodePackNotFound, http.StatusUnprocessableEntity, "pack_not_found").WithField("packInstanceId")
	ErrItemNotFound   = apperr.New(CodeCartItemNotFound, http.StatusUnprocessableEntity, "cart_item_not_found").WithField("cartItemId")
	ErrNotForSale     = apperr.New(CodeNotForSale, http.StatusUnprocessableEntity, "not_for_sale").WithField("formatId")
	ErrNotOffered     = apperr.New(CodeNotOffered, http.StatusUnprocessableEntity,
		"not_offered").WithField("formatId")
	ErrCoveredByAllGallery = apperr.New(CodeCoveredByAllGallery, http.StatusUnprocessableEntity,
		"covered_by_all_gallery").WithField("formatId")
	// ErrGivenAway refuses a digital file (or the whole gallery) that the
	// gallery's free download gives the viewer.
	ErrGivenAway = apperr.New(CodeGivenAway, http.StatusUnprocessableEntity,
		"given_away").WithField("formatId")
	ErrFinish       = apperr.New(CodeFinishNotOffered, http.StatusBadRequest, "finish_not_offered").WithField("finish")
	ErrBorder       = apperr.New(CodeBorderNotOffered, http.StatusBadRequest, "border_not_offered").WithField("border")
	ErrCropRequired = apperr.New(CodeCropRequired, http.StatusBadRequest,
		"crop_required").WithField("crop")
	ErrCrop = apperr.New(CodeInvalidCrop, http.StatusBadRequest,
		"invalid_crop").WithField("crop")
	ErrQuantity         = apperr.New(CodeInvalidQuantity, http.StatusBadRequest, "invalid_quantity").WithArgs(apperr.Args{"Max": MaxQuantity}).WithField("quantity")
	ErrPackNameRequired = apperr.New(CodeRequired, http.StatusBadRequest, "pack_name_required").WithField("clientPackName")
	ErrPackNameTooLong  = apperr.New(CodeTooLong, http.StatusBadRequest, "name_too_long").WithField("clientPackName")
	ErrTooManyChoices   = apperr.New(CodeTooMany, http.StatusBadRequest, "too_many_per_call").WithArgs(apperr.Args{"Max": MaxChoices}).WithField("photos")
	ErrDelivery         = apperr.New(CodeInvalidDelivery, http.StatusBadRequest, "invalid_delivery").WithField("deliveryOption")
)

// ErrPackIncomplete refuses a pack while photos remain to choose.
func ErrPackIncomplete(remaining int) *apperr.Error {
	return apperr.New(CodePackIncomplete, http.StatusUnprocessableEntity, "pack_incomplete").
		WithArgs(apperr.Args{"Count": remaining}).WithField("packInstanceId")
}

// ErrLowResolution refuses a print of fewer than MinPrintDPI dots per
// inch (dpi: the print's), under the stable code format_incompatible.
func ErrLowResolution(dpi int) *apperr.Error {
	return apperr.New(CodeFormatIncompatible, http.StatusUnprocessableEntity, "format_incompatible").
		WithArgs(apperr.Args{"DPI": dpi, "MinDPI": MinPrintDPI}).WithField("formatId")
}

// ErrPackFormatFull refuses more photos than a pack format holds.
func ErrPackFormatFull(quantity, photos int) *apperr.Error {
	return apperr.New(CodePackFormatFull, http.StatusUnprocessableEntity, "pack_format_full").
		WithArgs(apperr.Args{"Quantity": quantity, "Photos": photos}).WithField("photos")
}

// wrap keeps the cart's refusals as they are and wraps the rest.
func wrap(op string, err error) error {
	if err == nil || apperr.As(err) != nil {
		return err
	}
	return fmt.Errorf("cart: %s: %w", op, err)
}
