package photographer

import (
	"context"
	"strings"

	"github.com/studio/gallery/internal/address"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/money"
	"github.com/studio/gallery/internal/viewer"
)

// MaxShippingRates bounds a photographer's delivery rates.
const MaxShippingRates = 200

// ShippingRateInput is one delivery rate as the photographer enters it.
type ShippingRateInput struct {
	Zone      string
	Countries []string
	Lab       *string
	Price     money.Decimal
	// FreeFrom is the merchandise subtotal from which the rate is free.
	FreeFrom *money.Decimal
}

// ShippingRates returns the caller's delivery rates.
func (s *Service) ShippingRates(ctx context.Context) ([]model.ShippingRate, error) {
	id, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	pg, err := s.DB.Photographer.Get(viewer.SystemContext(ctx), id)
	if err != nil {
		return nil, err
	}
	return pg.ShippingRates, nil
}

// SetShippingRates replaces the caller's delivery rates. Open carts are
// priced with the new rates at their next reading.
func (s *Service) SetShippingRates(ctx context.Context, in []ShippingRateInput) ([]model.ShippingRate, error) {
	id, err := requirePhotographer(ctx)
	if err != nil {
		return nil, err
	}
	out, err := shippingRates(in)
	if err != nil {
		return nil, err
	}
	if err := s.DB.Photographer.UpdateOneID(id).SetShippingRates(out).Exec(viewer.SystemContext(ctx)); err != nil {
		return nil, err
	}
	return out, nil
}

// shippingRates checks delivery rates as the photographer entered them.
func shippingRates(in []ShippingRateInput) ([]model.ShippingRate, error) {
	var errs apperr.List
	if len(in) > MaxShippingRates {
		errs.Add(userErr(CodeTooMany, "too_many_rates", "rates"))
	}
	out := make([]model.ShippingRate, 0, len(in))
	seen := map[string]bool{}
	for i, r := range in {
		rate := model.ShippingRate{Zone: strings.TrimSpace(r.Zone), Countries: []string{}, Price: int(r.Price)}
		if rate.Zone == "" || len(rate.Zone) > 120 {
			errs.Add(userErr(CodeRequired, "zone_required", "rates", idx(i), "zone"))
		}
		if r.Lab != nil {
			rate.Lab = strings.TrimSpace(*r.Lab)
		}
		if r.Price < 0 {
			errs.Add(userErr(CodeInvalidPrice, "negative_price", "rates", idx(i), "price"))
		}
		if r.FreeFrom != nil {
			if *r.FreeFrom < 0 {
				errs.Add(userErr(CodeInvalidPrice, "negative_price", "rates", idx(i), "freeFrom"))
			} else {
				rate.FreeFrom = int(*r.FreeFrom)
			}
		}
		if strings.ContainsRune(rate.Zone, 0) || strings.ContainsRune(rate.Lab, 0) {
			errs.Add(userErr(CodeInvalidValue, "nul_character", "rates", idx(i), "zone"))
		}
		for j, c := range r.Countries {
			c = strings.ToUpper(strings.TrimSpace(c))
			if !address.IsCountry(c) {
				errs.Add(userErr(CodeInvalidCountry, "invalid_country_code", "rates", idx(i), "countries", idx(j)))
				continue
			}
			key := rate.Lab + "|" + c
			if seen[key] {
				errs.Add(userErr(CodeDuplicateCountry, "duplicate_country", "rates", idx(i), "countries", idx(j)))
			}
			seen[key] = true
			rate.Countries = append(rate.Countries, c)
		}
		if len(rate.Countries) == 0 {
			key := rate.Lab + "|*"
			if seen[key] {
				errs.Add(userErr(CodeDuplicateCountry, "duplicate_rest_of_world", "rates", idx(i), "countries"))
			}
			seen[key] = true
		}
		out = append(out, rate)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
