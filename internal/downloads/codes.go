package downloads

// The stable codes of the refusals of download requests: REST bodies and clients
// rely on them, and the GraphQL schema lists them in the domain's
// XErrorCode enum (graph/errorcodes_test.go checks both).
const (
	CodeCollectionsRequired = "collections_required"
	CodeDownloadExpired     = "download_expired"
	CodeDownloadNotAllowed  = "download_not_allowed"
	CodeDownloadNotFound    = "download_not_found"
	CodeDownloadNotReady    = "download_not_ready"
	CodeEmailSuspicious     = "email_suspicious"
	CodeInvalidEmail        = "invalid_email"
	CodeInvalidQuality      = "invalid_quality"
	CodeUnknownCollection   = "unknown_collection"
)
