package photographer

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/studio/gallery/ent"
	"github.com/studio/gallery/ent/video"
	"github.com/studio/gallery/internal/apperr"
	galleries "github.com/studio/gallery/internal/gallery"
	"github.com/studio/gallery/internal/jobs"
)

// AddVideoInput adds a YouTube, Vimeo or Dailymotion video to a gallery.
type AddVideoInput struct {
	GalleryID  string
	URL        string
	Title      *string
	Collection *string
	Favorite   *bool
}

// UpdateVideoInput changes a video; nil fields stay as they are.
type UpdateVideoInput struct {
	VideoID    string
	URL        *string
	Title      *string
	Favorite   *bool
	Collection *string
	Position   *int
}

// DeleteVideoInput names a video to delete.
type DeleteVideoInput struct{ VideoID string }

// SetGalleryMusicInput switches a gallery's music on or off and picks one
// of the photographer's tracks (nil keeps the track, "" removes it).
type SetGalleryMusicInput struct {
	GalleryID string
	Active    bool
	TrackID   *string
}

// AddVideo adds a video after the gallery's others. A Vimeo video's
// thumbnail is looked up by a background job enqueued with the row.
func (s *Service) AddVideo(ctx context.Context, in AddVideoInput) (*ent.Video, error) {
	var id string
	err := s.inJobTx(ctx, func(tx *ent.Client, enq jobs.Enqueuer) error {
		g, err := ownGallery(ctx, tx, in.GalleryID)
		if err != nil {
			return err
		}
		last := -1
		switch v, err := tx.Video.Query().Where(video.GalleryID(g.ID)).Order(ent.Desc(video.FieldPosition)).First(ctx); {
		case err == nil:
			last = v.Position
		case !ent.IsNotFound(err):
			return fmt.Errorf("photographer: videos: %w", err)
		}
		c := tx.Video.Create().SetGalleryID(g.ID).SetPosition(last + 1)
		up := UpdateVideoInput{URL: &in.URL, Title: in.Title, Favorite: in.Favorite, Collection: in.Collection}
		if err := s.videoFields(ctx, tx, g, up, c.Mutation()); err != nil {
			return err
		}
		v, err := c.Save(ctx)
		if err = saveErr(err, "", ""); err != nil {
			return err
		}
		id = v.ID
		return enqueueThumbnail(ctx, enq, v)
	})
	if err != nil {
		return nil, err
	}
	return s.loadVideo(ctx, id)
}

// UpdateVideo changes a video of a gallery the viewer owns.
func (s *Service) UpdateVideo(ctx context.Context, in UpdateVideoInput) (*ent.Video, error) {
	err := s.inJobTx(ctx, func(tx *ent.Client, enq jobs.Enqueuer) error {
		cur, g, err := ownVideo(ctx, tx, in.VideoID)
		if err != nil {
			return err
		}
		u := tx.Video.UpdateOne(cur)
		if err := s.videoFields(ctx, tx, g, in, u.Mutation()); err != nil {
			return err
		}
		v, err := u.Save(ctx)
		if err = saveErr(err, "", ""); err != nil {
			return err
		}
		if v.EmbeddedURL != cur.EmbeddedURL {
			return enqueueThumbnail(ctx, enq, v)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.loadVideo(ctx, in.VideoID)
}

// enqueueThumbnail asks for a Vimeo video's thumbnail (other hosts build
// theirs from the id). Without a job runner the gallery shows the neutral
// fallback thumbnail.
func enqueueThumbnail(ctx context.Context, enq jobs.Enqueuer, v *ent.Video) error {
	if enq == nil || v.Host != video.HostVimeo {
		return nil
	}
	return jobs.EnqueueVideoThumbnail(ctx, enq, v.ID)
}

func (s *Service) loadVideo(ctx context.Context, id string) (*ent.Video, error) {
	v, err := s.DB.Video.Get(ctx, id)
	if err != nil {
		return nil, notFound(err, "video "+id, "videoId")
	}
	return v, nil
}

// DeleteVideo deletes a video of a gallery the viewer owns.
func (s *Service) DeleteVideo(ctx context.Context, in DeleteVideoInput) error {
	return s.inTx(ctx, func(tx *ent.Client) error {
		cur, _, err := ownVideo(ctx, tx, in.VideoID)
		if err != nil {
			return err
		}
		return tx.Video.DeleteOne(cur).Exec(ctx)
	})
}

func ownVideo(ctx context.Context, tx *ent.Client, id string) (*ent.Video, *ent.Gallery, error) {
	if _, err := requirePhotographer(ctx); err != nil {
		return nil, nil, err
	}
	v, err := tx.Video.Get(ctx, id)
	if err != nil {
		return nil, nil, notFound(err, "video "+id, "videoId")
	}
	g, err := ownGallery(ctx, tx, v.GalleryID)
	return v, g, err
}

func (s *Service) videoFields(ctx context.Context, tx *ent.Client, g *ent.Gallery, in UpdateVideoInput, m *ent.VideoMutation) error {
	var errs apperr.List
	if in.URL != nil {
		host, id, err := galleries.ParseVideoURL(*in.URL)
		if err != nil {
			errs.Add(userErr(CodeInvalidVideoURL, "invalid_video_url", "url"))
		} else {
			m.SetHost(host)
			m.SetHostVideoID(id)
			m.SetEmbeddedURL(*in.URL)
			// The thumbnail of a new address is looked up again.
			m.SetThumbnailURL("")
		}
	}
	var t string
	if in.Title != nil && text(in.Title, 200, &t, &errs, []string{"title"}) {
		m.SetTitle(t)
	}
	if in.Favorite != nil {
		m.SetFavorite(*in.Favorite)
	}
	if in.Position != nil {
		m.SetPosition(*in.Position)
	}
	if err := errs.Err(); err != nil {
		return err
	}
	if in.Collection != nil {
		name, err := s.ensureCollection(ctx, tx, g, *in.Collection)
		if err != nil {
			return err
		}
		m.SetCollection(name)
	}
	return nil
}

// SetGalleryMusic switches a gallery's music and picks its track.
func (s *Service) SetGalleryMusic(ctx context.Context, in SetGalleryMusicInput) (*ent.Gallery, error) {
	active := in.Active
	g, err := s.UpdateGallery(ctx, UpdateGalleryInput{GalleryID: in.GalleryID,
		Settings: GallerySettingsInput{Music: &MusicInput{Active: &active, TrackID: in.TrackID}}})
	var ues apperr.List
	if errors.As(err, &ues) {
		// The fields are at the top of this input, not under settings.music.
		for _, e := range ues {
			e.Field = slices.DeleteFunc(slices.Clone(e.Field), func(f string) bool { return f == "settings" || f == "music" })
		}
	}
	return g, err
}
