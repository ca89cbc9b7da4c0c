package photos

// The stable codes of the refusals of photo uploads: REST bodies and clients
// rely on them, and the GraphQL schema lists them in the domain's
// XErrorCode enum (graph/errorcodes_test.go checks both).
const (
	CodeDuplicatePhoto    = "duplicate_photo"
	CodeFileTooLarge      = "file_too_large"
	CodeImageTooLarge     = "image_too_large"
	CodeInvalidCollection = "invalid_collection"
	CodeNotAnImage        = "not_an_image"
	CodeUploadFailed      = "upload_failed"
)
