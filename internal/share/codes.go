package share

// The stable codes of the refusals of sharing: REST bodies and clients
// rely on them, and the GraphQL schema lists them in the domain's
// XErrorCode enum (graph/errorcodes_test.go checks both).
const (
	CodeDuplicateEmail = "duplicate_email"
	CodeEmailRequired  = "email_required"
	CodeNameRequired   = "name_required"
	CodeTooLong        = "too_long"
	CodeTooMany        = "too_many"
)
