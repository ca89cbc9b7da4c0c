// Package books is what the photographer hands the accountant: the monthly
// export of orders and lines (CSV), the invoice of each paid order (PDF,
// numbered without gaps per year), the studio's legal details printed on
// them, and the dashboard's figures.
package books

import (
	"context"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/internal/address"
	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/viewer"
)

// Errors of the books.
var (
	ErrInvalidMonth        = apperr.New(CodeInvalidMonth, http.StatusBadRequest, "invalid_month")
	ErrInvoiceUnavailable  = apperr.New(CodeInvoiceUnavailable, http.StatusConflict, "invoice_unavailable")
	ErrInvalidLegalDetails = apperr.New(CodeInvalidLegalDetails, http.StatusBadRequest, "invalid_legal_details")
	ErrInvalidPeriod       = apperr.New(CodeInvalidPeriod, http.StatusBadRequest, "invalid_period")
	ErrInvalidVATNumber    = address.ErrInvalidVATNumber
)

// Service runs the books on the database.
type Service struct {
	DB *ent.Client
}

// photographerID is the signed-in photographer, or unauthorized.
func photographerID(ctx context.Context) (string, error) {
	v := viewer.FromContext(ctx)
	if v == nil || v.PhotographerID == "" {
		return "", apperr.ErrUnauthorized
	}
	return v.PhotographerID, nil
}

// Location is the photographer's time zone (Europe/Brussels when unknown):
// months and days of the books are the studio's.
func Location(p *ent.Photographer) *time.Location {
	if p != nil && p.Timezone != "" {
		if l, err := time.LoadLocation(p.Timezone); err == nil {
			return l
		}
	}
	l, err := time.LoadLocation("Europe/Brussels")
	if err != nil {
		return time.UTC
	}
	return l
}

// LegalDetails are the studio's details printed on its invoices.
type LegalDetails struct {
	LegalName     string `json:"legalName"`
	Address       string `json:"address"`
	VATNumber     string `json:"vatNumber"`
	CompanyNumber string `json:"companyNumber"`
}

// Complete tells whether an invoice can name its seller.
func (d LegalDetails) Complete() bool { return d.LegalName != "" && d.Address != "" }

// LegalOf reads a photographer's legal details.
func LegalOf(p *ent.Photographer) LegalDetails {
	return LegalDetails{LegalName: p.LegalName, Address: p.LegalAddress, VATNumber: p.VatNumber, CompanyNumber: p.CompanyNumber}
}

// Legal answers the signed-in photographer's legal details.
func (s *Service) Legal(ctx context.Context) (LegalDetails, error) {
	pid, err := photographerID(ctx)
	if err != nil {
		return LegalDetails{}, err
	}
	p, err := s.DB.Photographer.Get(viewer.SystemContext(ctx), pid)
	if err != nil {
		return LegalDetails{}, err
	}
	return LegalOf(p), nil
}

// CheckLegal cleans the details (spaces, the VAT number's layout) and checks
// them: lengths, and the VAT number for the studio's country.
func CheckLegal(d LegalDetails, country string) (LegalDetails, error) {
	d.LegalName = strings.Join(strings.Fields(d.LegalName), " ")
	lines := []string{}
	for _, l := range strings.Split(strings.ReplaceAll(d.Address, "\r\n", "\n"), "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			lines = append(lines, l)
		}
	}
	d.Address = strings.Join(lines, "\n")
	d.CompanyNumber = strings.Join(strings.Fields(d.CompanyNumber), " ")
	d.VATNumber = strings.TrimSpace(d.VATNumber)
	for _, f := range []struct {
		name, v string
		max     int
	}{{"legalName", d.LegalName, 200}, {"address", d.Address, 500}, {"vatNumber", d.VATNumber, 40}, {"companyNumber", d.CompanyNumber, 40}} {
		if utf8.RuneCountInString(f.v) > f.max {
			return d, ErrInvalidLegalDetails.WithField(f.name)
		}
	}
	if len(lines) > 6 {
		return d, ErrInvalidLegalDetails.WithField("address")
	}
	if d.VATNumber != "" {
		v, ok := address.NormalizeVAT(d.VATNumber, country)
		if !ok {
			return d, ErrInvalidVATNumber.WithField("vatNumber")
		}
		d.VATNumber = v
	}
	return d, nil
}

// SetLegal saves the signed-in photographer's legal details. Invoices
// already issued keep the details they were issued with.
func (s *Service) SetLegal(ctx context.Context, d LegalDetails) (LegalDetails, error) {
	pid, err := photographerID(ctx)
	if err != nil {
		return d, err
	}
	sctx := viewer.SystemContext(ctx)
	p, err := s.DB.Photographer.Get(sctx, pid)
	if err != nil {
		return d, err
	}
	d, err = CheckLegal(d, p.Country)
	if err != nil {
		return d, err
	}
	p, err = p.Update().SetLegalName(d.LegalName).SetLegalAddress(d.Address).SetVatNumber(d.VATNumber).
		SetCompanyNumber(d.CompanyNumber).Save(sctx)
	if err != nil {
		return d, err
	}
	return LegalOf(p), nil
}
