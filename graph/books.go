package graph

import (
	"github.com/studio/gallery/graph/gqlmodel"
	"github.com/studio/gallery/internal/books"
)

// legalDetails is the studio's legal details as the schema shows them.
func legalDetails(d books.LegalDetails) *gqlmodel.StudioLegalDetails {
	return &gqlmodel.StudioLegalDetails{LegalName: d.LegalName, Address: d.Address, VatNumber: d.VATNumber, CompanyNumber: d.CompanyNumber}
}
