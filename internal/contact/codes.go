package contact

// The stable codes of the refusals of the contact form: REST bodies and clients
// rely on them, and the GraphQL schema lists them in the domain's
// XErrorCode enum (graph/errorcodes_test.go checks both).
const (
	CodeMessageRequired = "message_required"
	CodeNameRequired    = "name_required"
	CodeTooLong         = "too_long"
)
