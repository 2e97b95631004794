package secrets

import (
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
)

// kindWords names each kind of secret for a message, bare ("aws access key") and with an
// article ("an aws access key"), as marked sentences so that they translate.
var kindWords = map[string][2]string{
	"private_key":      {i18n.T("private key"), i18n.T("a private key")},
	"aws_access_key":   {i18n.T("aws access key"), i18n.T("an aws access key")},
	"aws_secret_key":   {i18n.T("aws secret key"), i18n.T("an aws secret key")},
	"github_token":     {i18n.T("github token"), i18n.T("a github token")},
	"gitlab_token":     {i18n.T("gitlab token"), i18n.T("a gitlab token")},
	"slack_token":      {i18n.T("slack token"), i18n.T("a slack token")},
	"slack_webhook":    {i18n.T("slack webhook"), i18n.T("a slack webhook")},
	"google_api_key":   {i18n.T("google api key"), i18n.T("a google api key")},
	"anthropic_key":    {i18n.T("anthropic key"), i18n.T("an anthropic key")},
	"openai_key":       {i18n.T("openai key"), i18n.T("an openai key")},
	"stripe_key":       {i18n.T("stripe key"), i18n.T("a stripe key")},
	"bearer_token":     {i18n.T("bearer token"), i18n.T("a bearer token")},
	"basic_auth":       {i18n.T("basic auth"), i18n.T("a basic auth")},
	"url_password":     {i18n.T("url password"), i18n.T("an url password")},
	"jwt":              {i18n.T("jwt"), i18n.T("a jwt")},
	"ssh_key_path":     {i18n.T("ssh key path"), i18n.T("a ssh key path")},
	"env_file_path":    {i18n.T("env file path"), i18n.T("an env file path")},
	"credentials_path": {i18n.T("credentials path"), i18n.T("a credentials path")},
	keyLike:            {i18n.T("key-like value"), i18n.T("a key-like value")},
}

// keyLike is the kind of a run of random-looking key characters in no format a detector knows.
const keyLike = "key_like_value"

// KindWords names a kind of secret for a message: "aws access key".
func KindWords(kind string) string {
	if w, ok := kindWords[kind]; ok {
		return w[0]
	}
	return strings.ReplaceAll(kind, "_", " ")
}

// KindWithArticle names a kind of secret with its article: "an aws access key".
func KindWithArticle(kind string) string {
	if w, ok := kindWords[kind]; ok {
		return w[1]
	}
	w := strings.ReplaceAll(kind, "_", " ")
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}
