package live

import (
	"net/http"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
)

// refuse answers a request with an HTTP error whose text a person reads (a 401 seen with curl,
// a 400 in a client's log): in the first language of the request's Accept-Language that
// gatehouse speaks, else in the gateway's own (proxy --lang). The status line stays HTTP's.
func refuse(w http.ResponseWriter, req *http.Request, lang i18n.Lang, status int, format string, args ...any) {
	tr := i18n.Open(requestLang(req, lang))
	defer tr.Close()
	http.Error(w, tr.Text(i18n.Sprintf(format, args...)), status)
}

// requestLang is the first language of the request's Accept-Language header ("de-CH,
// de;q=0.9, en;q=0.8") that gatehouse speaks, else fallback. The order of the list is taken as
// the client's preference; quality values are not weighed beyond that.
func requestLang(req *http.Request, fallback i18n.Lang) i18n.Lang {
	for tag := range strings.SplitSeq(req.Header.Get("Accept-Language"), ",") {
		tag, _, _ = strings.Cut(tag, ";")
		tag = strings.TrimSpace(tag)
		if tag == "" || tag == "*" {
			continue
		}
		if l, ok := i18n.ParseLang(tag); ok {
			return l
		}
	}
	return fallback
}
