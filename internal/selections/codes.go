package selections

// The stable codes of the refusals of selections and the album: REST bodies and clients
// rely on them, and the GraphQL schema lists them in the domain's
// XErrorCode enum (graph/errorcodes_test.go checks both).
const (
	CodeAlbumDisabled         = "album_disabled"
	CodeAlbumEmpty            = "album_empty"
	CodeAlbumSent             = "album_sent"
	CodeAlbumTooMany          = "album_too_many"
	CodeFavoritesNotDeletable = "favorites_not_deletable"
	CodePhotoNotFound         = "photo_not_found"
	CodeRequired              = "required"
	CodeSelectionNotFound     = "selection_not_found"
	CodeTooLong               = "too_long"
	CodeTooMany               = "too_many"
)
