// Command publish writes the gatehouse page for hosting elsewhere than `gatehouse serve`:
//
//	go run ./site/publish -dist dist           # the static files, compressed copies, host header files
//	go run ./site/publish -single gatehouse.html   # one self-contained HTML file (works from file://)
//
// `make dist` and `make single` run it after `make wasm`. The single file's script is the page's
// modules (app.js and what it imports, the editor bundle included) bundled into one by esbuild,
// and its worker is worker.js with the loader, gatehouse.mjs, bundled into one classic script.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/gatehouse-dev/gatehouse/site"
)

func main() {
	dist := flag.String("dist", "", "write the static page into this `directory`")
	single := flag.String("single", "", "write the page as one self-contained HTML `file`")
	app := flag.String("app", "site/app.js", "the page's entry `module`, bundled for -single")
	worker := flag.String("worker", "site/worker.js", "the checker worker's entry `module`, bundled for -single")
	flag.Parse()
	if *dist == "" && *single == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: publish [-dist DIR] [-single FILE]")
		os.Exit(2)
	}
	if err := run(*dist, *single, *app, *worker); err != nil {
		fmt.Fprintln(os.Stderr, "publish:", err)
		os.Exit(1)
	}
}

func run(dist, single, app, worker string) error {
	if dist != "" {
		if err := site.WriteDist(dist); err != nil {
			return err
		}
		fmt.Println("wrote", dist)
	}
	if single != "" {
		script, err := bundle(app, api.FormatESModule)
		if err != nil {
			return err
		}
		// The worker is started from a blob: URL, which a page opened from file:// (an opaque
		// origin) may start as a classic worker only: the bundle is a plain script.
		workerScript, err := bundle(worker, api.FormatIIFE)
		if err != nil {
			return err
		}
		var page bytes.Buffer
		if err := site.WriteSingle(&page, script, workerScript); err != nil {
			return err
		}
		if err := os.WriteFile(single, page.Bytes(), 0o644); err != nil {
			return err
		}
		fmt.Printf("wrote %s (%d bytes)\n", single, page.Len())
	}
	return nil
}

// bundle builds the entry module and every module it imports into one script of the format.
func bundle(entry string, format api.Format) ([]byte, error) {
	result := api.Build(api.BuildOptions{
		EntryPoints:       []string{entry},
		Bundle:            true,
		Format:            format,
		Target:            api.ES2022,
		MinifyWhitespace:  true,
		MinifySyntax:      true,
		MinifyIdentifiers: true,
		LegalComments:     api.LegalCommentsNone,
		Write:             false,
	})
	if len(result.Errors) > 0 {
		var errs []error
		for _, m := range result.Errors {
			errs = append(errs, errors.New(m.Text))
		}
		return nil, errors.Join(errs...)
	}
	return result.OutputFiles[0].Contents, nil
}
