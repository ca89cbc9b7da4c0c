// Package money holds amounts as integer euro cents and the one rounding
// rule the shop uses.
package money

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/studio/gallery/internal/apperr"
)

// Cents is an amount in euro cents. Prices include VAT.
type Cents int64

// CurrencyCode is an ISO 4217 code; the shop sells in EUR only.
type CurrencyCode string

// EUR is the shop's currency.
const EUR CurrencyCode = "EUR"

// Money is an amount with its currency, as the API shows it.
type Money struct {
	Amount   Decimal      `json:"amount"`
	Currency CurrencyCode `json:"currency"`
}

// Decimal is cents written as a decimal string ("12.50") in the API.
type Decimal Cents

// EURCents returns Money for an amount in euro cents.
func EURCents[T ~int | ~int64](c T) Money {
	return Money{Amount: Decimal(c), Currency: EUR}
}

// String writes the amount with two decimals and a dot: "12.50", "-0.05".
func (d Decimal) String() string {
	c := int64(d)
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s%d.%02d", sign, c/100, c%100)
}

// MarshalGQL writes the amount as a GraphQL string.
func (d Decimal) MarshalGQL(w io.Writer) { _, _ = io.WriteString(w, strconv.Quote(d.String())) }

// errInvalidAmount answers an amount GraphQL cannot read (its cause, not
// shown, holds the text).
var errInvalidAmount = apperr.ErrInvalidInput.WithMessage("invalid_amount", nil)

// UnmarshalGQL reads "12.5", "12.50" or "12".
func (d *Decimal) UnmarshalGQL(v any) error {
	s, ok := v.(string)
	if !ok {
		return errInvalidAmount.With(fmt.Errorf("decimal must be a string"))
	}
	c, err := ParseDecimal(s)
	if err != nil {
		return errInvalidAmount.With(err)
	}
	*d = Decimal(c)
	return nil
}

// MarshalJSON writes the amount as a JSON string.
func (d Decimal) MarshalJSON() ([]byte, error) { return []byte(strconv.Quote(d.String())), nil }

// ParseDecimal reads a decimal euro amount with at most two decimals.
func ParseDecimal(s string) (Cents, error) {
	s = strings.TrimSpace(s)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || len(frac) > 2 {
		return 0, fmt.Errorf("money: invalid amount %q", s)
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("money: invalid amount %q", s)
	}
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil || w > 1e13 {
		return 0, fmt.Errorf("money: invalid amount %q", s)
	}
	c := Cents(w*100 + f)
	if neg {
		c = -c
	}
	return c, nil
}

// MarshalGQL writes the currency code as a GraphQL enum value.
func (c CurrencyCode) MarshalGQL(w io.Writer) { _, _ = io.WriteString(w, strconv.Quote(string(c))) }

// UnmarshalGQL accepts only EUR.
func (c *CurrencyCode) UnmarshalGQL(v any) error {
	s, _ := v.(string)
	if s != string(EUR) {
		return apperr.ErrInvalidInput.WithMessage("euro_only", nil).With(fmt.Errorf("unsupported currency %q", s))
	}
	*c = EUR
	return nil
}

// Percent returns p percent of c, rounded half away from zero to the cent.
// It is the shop's one rounding rule, applied once per line.
func Percent(c Cents, p int) Cents {
	return divRound(int64(c)*int64(p), 100)
}

// VATIncluded returns the VAT contained in a VAT-inclusive amount at rate
// basis points (2100 = 21 %), rounded half away from zero.
func VATIncluded(c Cents, rateBP int) Cents {
	return divRound(int64(c)*int64(rateBP), 10000+int64(rateBP))
}

func divRound(n, d int64) Cents {
	if n >= 0 {
		return Cents((n + d/2) / d)
	}
	return -Cents((-n + d/2) / d)
}

// French writes an amount the French way, for e-mails: "12,50 €".
func French(c Cents) string {
	return strings.Replace(Decimal(c).String(), ".", ",", 1) + " €"
}
