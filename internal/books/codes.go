package books

// The stable codes of the refusals of the books (exports, invoices, legal
// details): REST bodies and clients rely on them, and the GraphQL schema
// lists them in BooksErrorCode (graph/errorcodes_test.go checks both).
const (
	CodeInvalidMonth        = "invalid_month"
	CodeInvoiceUnavailable  = "invoice_unavailable"
	CodeInvalidLegalDetails = "invalid_legal_details"
	CodeInvalidPeriod       = "invalid_period"
)
