// Package address checks a buyer's postal address before an order is placed.
//
// Check cleans the fields (spaces, case, postal code layout, phone and VAT
// number formats) and validates them for the address's country: required
// fields, the title, the ISO 3166-1 alpha-2 country, the postal code format
// per country, the phone number (github.com/nyaruka/phonenumbers, the Go port
// of libphonenumber) and the EU VAT number format (with check digits for BE,
// FR, IT and LU). Problems come back as apperr errors naming their field, with
// French messages.
//
// When the embedded data knows the country, Check also compares the postal
// code with the city and suggests a corrected address if they disagree. The
// data is compiled into the binary from data/*.tsv.gz and is never fetched at
// run time; data/README.md names its sources and licences. Today only France
// has such data (from the npm package codes-postaux); for other countries no
// suggestion is ever made.
//
// A postal code missing from the data is not an error: the French data, for
// one, has no CEDEX codes, and new codes appear before the data is refreshed.
package address

import (
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/studio/gallery/internal/apperr"
	"github.com/studio/gallery/internal/model"
	"github.com/studio/gallery/internal/text"
)

// The problems Check reports, each with a stable code.
var (
	ErrRequired          = apperr.New(CodeRequired, http.StatusBadRequest, "required")
	ErrTooLong           = apperr.New(CodeTooLong, http.StatusBadRequest, "text_too_long")
	ErrInvalidTitle      = apperr.ErrInvalidInput
	ErrInvalidCountry    = apperr.New(CodeInvalidCountry, http.StatusBadRequest, "invalid_country")
	ErrInvalidPostalCode = apperr.New(CodeInvalidPostalCode, http.StatusBadRequest, "invalid_postal_code")
	ErrInvalidPhone      = apperr.New(CodeInvalidPhone, http.StatusBadRequest, "invalid_phone")
	ErrInvalidVATNumber  = apperr.New(CodeInvalidVatNumber, http.StatusBadRequest, "invalid_vat_number")
)

// MaxLength is the longest text, in characters, any field may hold.
const MaxLength = 200

// titles are the accepted values of Address.Title; it may also be left
// empty (« Non précisé »: the civilité is optional).
var titles = []string{"Monsieur", "Madame"}

// Check cleans a (trims fields, upper-cases the country, normalises the postal
// code spacing and case, formats the phone number in international format and
// the VAT number without spaces or dots), validates it for its country and
// returns the cleaned address, the field errors (each naming prefix and the
// JSON field name) and, when the postal code and the city disagree according
// to the embedded data, a suggested corrected address (nil otherwise).
func Check(a model.Address, prefix string) (model.Address, apperr.List, *model.Address) {
	c := checker{prefix: prefix}
	for _, f := range fields(&a) {
		if text.LineProblem(*f.value) != "" {
			c.fail(f.name, text.ErrInvalid)
			*f.value = ""
		}
	}
	c.a = clean(a)
	c.checkLengths()
	c.checkRequired()
	c.checkTitle()
	c.checkCountry()
	c.checkPostalCode()
	c.checkPhone()
	c.checkVAT()
	return c.a, c.errs, c.suggestion()
}

// checker holds one address while Check works on it.
type checker struct {
	a      model.Address
	prefix string
	errs   apperr.List
	bad    map[string]bool // fields already reported
}

func (c *checker) fail(field string, e *apperr.Error) {
	if c.bad[field] {
		return
	}
	if c.bad == nil {
		c.bad = map[string]bool{}
	}
	c.bad[field] = true
	path := []string{field}
	if c.prefix != "" {
		path = []string{c.prefix, field}
	}
	c.errs = append(c.errs, e.WithField(path...))
}

// field is one text field of an address under its JSON name.
type field struct {
	name  string
	value *string
}

func fields(a *model.Address) []field {
	return []field{
		{"title", &a.Title}, {"firstname", &a.Firstname}, {"lastname", &a.Lastname},
		{"address", &a.Address}, {"address2", &a.Address2}, {"postalCode", &a.PostalCode},
		{"city", &a.City}, {"country", &a.Country}, {"phoneNumber", &a.PhoneNumber},
		{"vatNumber", &a.VatNumber},
	}
}

// clean trims every field, folds runs of spaces into one and upper-cases
// the country; a field holding a control character, a tab or a line break
// was refused (text.Line) and emptied before.
func clean(a model.Address) model.Address {
	for _, f := range fields(&a) {
		*f.value = strings.Join(strings.Fields(*f.value), " ")
	}
	a.Country = strings.ToUpper(a.Country)
	return a
}

func (c *checker) checkLengths() {
	for _, f := range fields(&c.a) {
		if utf8.RuneCountInString(*f.value) > MaxLength {
			c.fail(f.name, ErrTooLong)
		}
	}
}

func (c *checker) checkRequired() {
	for _, f := range fields(&c.a) {
		switch f.name {
		case "title", "address2", "vatNumber", "postalCode":
			// title has its own check, postalCode depends on the country.
		default:
			if *f.value == "" {
				c.fail(f.name, ErrRequired)
			}
		}
	}
}

func (c *checker) checkTitle() {
	if c.a.Title != "" && !slices.Contains(titles, c.a.Title) {
		c.fail("title", ErrInvalidTitle)
	}
}

func (c *checker) checkCountry() {
	if c.a.Country != "" && !IsCountry(c.a.Country) {
		c.fail("country", ErrInvalidCountry)
	}
}

// countryOK reports whether the country is known, so that the checks that
// depend on it can run.
func (c *checker) countryOK() bool {
	return !c.bad["country"] && IsCountry(c.a.Country)
}

func (c *checker) checkPostalCode() {
	if c.bad["postalCode"] {
		return
	}
	if !c.countryOK() {
		if c.a.PostalCode == "" {
			c.fail("postalCode", ErrRequired)
		}
		return
	}
	code, err := normalizePostalCode(c.a.Country, c.a.PostalCode)
	c.a.PostalCode = code
	if err != nil {
		c.fail("postalCode", err)
	}
}

func (c *checker) checkPhone() {
	if c.bad["phoneNumber"] {
		return
	}
	region := ""
	if c.countryOK() {
		region = c.a.Country
	}
	phone, ok := formatPhone(c.a.PhoneNumber, region)
	if !ok {
		c.fail("phoneNumber", ErrInvalidPhone)
		return
	}
	c.a.PhoneNumber = phone
}

func (c *checker) checkVAT() {
	if c.bad["vatNumber"] || c.a.VatNumber == "" {
		return
	}
	country := ""
	if c.countryOK() {
		country = c.a.Country
	}
	vat, ok := normalizeVAT(c.a.VatNumber, country)
	c.a.VatNumber = vat
	if !ok {
		c.fail("vatNumber", ErrInvalidVATNumber)
	}
}

// suggestion proposes a corrected address when the postal code and the city
// disagree, but only once the country, postal code and city are valid.
func (c *checker) suggestion() *model.Address {
	if c.bad["country"] || c.bad["postalCode"] || c.bad["city"] || c.a.PostalCode == "" {
		return nil
	}
	return suggest(c.a)
}
