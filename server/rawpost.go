package server

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/99designs/gqlgen/graphql/handler/transport"
)

// rawPOST is gqlgen's POST transport without the second pass over the
// answer. gqlgen's own transport writes the response with json.Marshal, which
// compacts and validates the already compact `data` a second time, byte by
// byte: on a page of 100 photos that was half of the request's CPU outside
// the resolvers. rawPOST writes `data` as the executor made it, HTML-escaped
// only when it holds a character json.Marshal would have escaped, so the
// bytes are the same as before (TestRawPOSTWritesWhatJSONMarshalWrites).
//
// A body that cannot be read or decoded goes to gqlgen's transport, which
// answers it with its own status code and message.
type rawPOST struct {
	transport.POST
}

var _ graphql.Transport = rawPOST{}

func (h rawPOST) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	ctx := r.Context()
	start := graphql.Now()
	body, err := io.ReadAll(r.Body)
	if err != nil {
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.POST.Do(w, r, exec)
		return
	}
	var params graphql.RawParams
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&params); err != nil {
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.POST.Do(w, r, exec)
		return
	}
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	contentType := responseContentType(r)
	w.Header().Set("Content-Type", contentType)
	var resp *graphql.Response
	rc, opErr := exec.CreateOperationContext(ctx, &params)
	if opErr != nil {
		// The status gqlgen's transport gives: a protocol error (parsing,
		// validation) is 422, or 400 for application/graphql-response+json.
		status := http.StatusOK
		if errcode.GetErrorKind(opErr) == errcode.KindProtocol {
			status = http.StatusUnprocessableEntity
			if contentType == gqlResponseJSON {
				status = http.StatusBadRequest
			}
		}
		w.WriteHeader(status)
		resp = exec.DispatchError(graphql.WithOperationContext(ctx, rc), opErr)
	} else {
		var responses graphql.ResponseHandler
		responses, ctx = exec.DispatchOperation(ctx, rc)
		resp = responses(ctx)
	}
	var out bytes.Buffer
	out.Grow(len(resp.Data) + 512)
	if err := writeGraphQLResponse(&out, resp); err != nil {
		// An extension or error that does not marshal: what gqlgen's
		// transport would have panicked on; the recoverer answers 500.
		panic(err)
	}
	_, _ = w.Write(out.Bytes())
}

const gqlResponseJSON = "application/graphql-response+json"

// responseContentType is the content type gqlgen's POST transport answers
// with (no explicit headers, application/json unless the client asks for
// application/graphql-response+json).
func responseContentType(r *http.Request) string {
	const plain, gql = "application/json", gqlResponseJSON
	accept := r.Header.Get("Accept")
	if accept == "" {
		return plain
	}
	for part := range strings.SplitSeq(accept, ",") {
		mediaType, _, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		switch mediaType {
		case "*/*", "application/*", plain:
			return plain
		case gql:
			return gql
		}
	}
	return gql
}

// htmlSensitive are the characters json.Marshal escapes in a RawMessage
// (<, > and &, and the line and paragraph separators).
const htmlSensitive = "<>&\u2028\u2029"

// writeGraphQLResponse writes resp as json.Marshal(resp) would, without
// compacting `data` again.
func writeGraphQLResponse(out *bytes.Buffer, resp *graphql.Response) error {
	out.WriteByte('{')
	if len(resp.Errors) > 0 {
		b, err := json.Marshal(resp.Errors)
		if err != nil {
			return err
		}
		out.WriteString(`"errors":`)
		out.Write(b)
		out.WriteByte(',')
	}
	out.WriteString(`"data":`)
	switch {
	case resp.Data == nil:
		out.WriteString("null")
	case bytes.ContainsAny(resp.Data, htmlSensitive):
		json.HTMLEscape(out, resp.Data)
	default:
		out.Write(resp.Data)
	}
	if resp.Label != "" || resp.Path != nil || resp.HasNext != nil {
		// Incremental delivery is not served over plain POST; keep
		// json.Marshal's answer for anything that carries it.
		b, err := json.Marshal(resp)
		if err != nil {
			return err
		}
		out.Reset()
		out.Write(b)
		return nil
	}
	if len(resp.Extensions) > 0 {
		b, err := json.Marshal(resp.Extensions)
		if err != nil {
			return err
		}
		out.WriteString(`,"extensions":`)
		out.Write(b)
	}
	out.WriteByte('}')
	return nil
}
