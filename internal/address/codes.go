package address

// The stable codes of the refusals of addresses: REST bodies and clients
// rely on them, and the GraphQL schema lists them in the domain's
// XErrorCode enum (graph/errorcodes_test.go checks both).
const (
	CodeInvalidCountry    = "invalid_country"
	CodeInvalidPhone      = "invalid_phone"
	CodeInvalidPostalCode = "invalid_postal_code"
	CodeInvalidVatNumber  = "invalid_vat_number"
	CodeRequired          = "required"
	CodeTooLong           = "too_long"
)
