package cart

import (
	"fmt"
	"net/http"

	"github.com/studio/gallery/internal/apperr"
)

// Errors the cart calls answer with. Refusals the buyer can act on are 4xx
// other than 401/403/404, so GraphQL answers them as userErrors.
var (
	ErrPhotoNotFound  = apperr.New("photo_not_found", http.StatusNotFound, "Cette photo est introuvable dans la galerie.").WithField("photoId")
	ErrFormatNotFound = apperr.New("format_not_found", http.StatusUnprocessableEntity, "Ce format n'est pas proposé dans cette galerie.").WithField("formatId")
	ErrPackNotFound   = apperr.New("pack_not_found", http.StatusUnprocessableEntity, "Ce pack est introuvable.").WithField("packInstanceId")
	ErrItemNotFound   = apperr.New("cart_item_not_found", http.StatusUnprocessableEntity, "Cet article n'est plus dans votre panier.").WithField("cartItemId")
	ErrNotForSale     = apperr.New("not_for_sale", http.StatusUnprocessableEntity, "Ce format n'est vendu que dans un pack.").WithField("formatId")
	ErrNotOffered     = apperr.New("not_offered", http.StatusUnprocessableEntity,
		"Le téléchargement de toute la galerie n'est pas proposé dans ce format.").WithField("formatId")
	ErrCoveredByAllGallery = apperr.New("covered_by_all_gallery", http.StatusUnprocessableEntity,
		"Toute la galerie est déjà dans votre panier dans ce format.").WithField("formatId")
	// ErrGivenAway refuses a digital file (or the whole gallery) that the
	// gallery's free download gives the viewer.
	ErrGivenAway = apperr.New("given_away", http.StatusUnprocessableEntity,
		"Ces fichiers vous sont offerts\u00a0: téléchargez-les gratuitement depuis la galerie.").WithField("formatId")
	ErrFinish       = apperr.New("finish_not_offered", http.StatusBadRequest, "Cette finition n'est pas proposée pour ce produit.").WithField("finish")
	ErrBorder       = apperr.New("border_not_offered", http.StatusBadRequest, "Le bord blanc n'est pas proposé pour ce produit.").WithField("border")
	ErrCropRequired = apperr.New("crop_required", http.StatusBadRequest,
		"Le format de cette photo diffère de celui du tirage : merci de la recadrer.").WithField("crop")
	ErrCrop = apperr.New("invalid_crop", http.StatusBadRequest,
		"Impossible de récupérer la sélection du recadrage : elle doit rester dans la photo et suivre les proportions du format.").WithField("crop")
	ErrQuantity = apperr.New("invalid_quantity", http.StatusBadRequest,
		fmt.Sprintf("La quantité doit être comprise entre 1 et %d.", MaxQuantity)).WithField("quantity")
	ErrPackNameRequired = apperr.New("required", http.StatusBadRequest, "Merci de saisir le nom du pack").WithField("clientPackName")
	ErrPackNameTooLong  = apperr.New("too_long", http.StatusBadRequest, "Le nom saisi est trop long").WithField("clientPackName")
	ErrTooManyChoices   = apperr.New("too_many", http.StatusBadRequest, fmt.Sprintf("%d photos au plus par appel.", MaxChoices)).WithField("photos")
	ErrDelivery         = apperr.New("invalid_delivery", http.StatusBadRequest, "Ce mode de livraison n'est pas proposé.").WithField("deliveryOption")
)

// ErrPackIncomplete refuses a pack while photos remain to choose.
func ErrPackIncomplete(remaining int) *apperr.Error {
	msg := fmt.Sprintf("Il reste %d photos à choisir pour compléter ce pack.", remaining)
	if remaining == 1 {
		msg = "Il reste 1 photo à choisir pour compléter ce pack."
	}
	return apperr.New("pack_incomplete", http.StatusUnprocessableEntity, msg).WithField("packInstanceId")
}

// ErrLowResolution refuses a print of fewer than MinPrintDPI dots per
// inch (dpi: the print's), under the stable code format_incompatible.
func ErrLowResolution(dpi int) *apperr.Error {
	return apperr.New("format_incompatible", http.StatusUnprocessableEntity,
		fmt.Sprintf("Résolution trop faible pour ce format (%d\u00a0dpi)\u00a0: il en faut au moins %d pour un tirage net.", dpi, MinPrintDPI)).WithField("formatId")
}

// ErrPackFormatFull refuses more photos than a pack format holds.
func ErrPackFormatFull(quantity, photos int) *apperr.Error {
	return apperr.New("pack_format_full", http.StatusUnprocessableEntity,
		fmt.Sprintf("Ce format du pack compte %d tirages de %d photos différentes au plus.", quantity, photos)).WithField("photos")
}

// wrap keeps the cart's refusals as they are and wraps the rest.
func wrap(op string, err error) error {
	if err == nil || apperr.As(err) != nil {
		return err
	}
	return fmt.Errorf("cart: %s: %w", op, err)
}
