/// The script `sitegen serve` puts into every HTML page as it is served
/// (never into the files). It listens on the event stream and:
/// - reloads the tab when the build changed the page it shows (or a file
///   every page may use), and brings it back at the same scroll position;
/// - swaps changed stylesheets in place, with a query that defeats caches;
/// - shows the last build's errors over the page, as text, never as markup;
/// - reloads after the server restarted with a newer site.
/// It loads nothing from elsewhere and adds no global name.
enum LiveReloadScript {
    static func html(eventsPath: String) -> [UInt8] {
        Array(("<script>" + source.replacingOccurrences(of: "EVENTS", with: JSONText.string(eventsPath)) + "</script>").utf8)
    }

    private static let source = """
    (() => {
    "use strict";
    const key = "sitegen-scroll:" + location.pathname;
    const decoded = (path) => { try { return decodeURI(path); } catch (_) { return path; } };
    const here = () => { const path = decoded(location.pathname); return path.endsWith("/index.html") ? path.slice(0, -10) : path; };
    const restore = () => {
      const saved = sessionStorage.getItem(key);
      if (saved === null) return;
      sessionStorage.removeItem(key);
      try { const [x, y] = JSON.parse(saved); window.scrollTo(x, y); } catch (_) {}
    };
    if (document.readyState === "complete") restore(); else window.addEventListener("load", restore);
    const reload = () => { sessionStorage.setItem(key, JSON.stringify([window.scrollX, window.scrollY])); location.reload(); };
    const parse = (event) => { try { return JSON.parse(event.data); } catch (_) { return null; } };
    const swap = (stylesheets) => {
      for (const link of document.querySelectorAll('link[rel~="stylesheet"]')) {
        let url;
        try { url = new URL(link.href); } catch (_) { continue; }
        if (url.origin !== location.origin || !stylesheets.includes(decoded(url.pathname))) continue;
        url.searchParams.set("sitegen", String(Date.now()));
        const fresh = link.cloneNode();
        fresh.href = url.href;
        fresh.addEventListener("load", () => link.remove());
        link.after(fresh);
      }
    };
    let box = null;
    const show = (lines) => {
      if (box) { box.remove(); box = null; }
      if (lines.length === 0) return;
      box = document.createElement("div");
      box.setAttribute("role", "alert");
      box.id = "sitegen-problems";
      box.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;padding:24px;"
        + "background:rgba(24,24,24,.94);color:#f4f4f4;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;text-align:left";
      const title = document.createElement("p");
      title.style.cssText = "margin:0 0 12px;font-weight:bold;color:#ff9e80";
      title.textContent = "sitegen: the site did not build; the page below is from the last good build, if any. Fix these and this goes away:";
      const list = document.createElement("pre");
      list.style.cssText = "margin:0;white-space:pre-wrap;font:inherit;color:inherit;background:none";
      list.textContent = lines.join("\\n");
      box.append(title, list);
      (document.body || document.documentElement).append(box);
    };
    let version = null, connected = false;
    const events = new EventSource(EVENTS);
    events.addEventListener("open", () => { connected = true; });
    events.addEventListener("version", (event) => {
      if (connected && version !== null && version !== event.data) { reload(); return; }
      version = event.data;
      connected = false;
    });
    events.addEventListener("reload", (event) => {
      const plan = parse(event);
      if (!plan) return;
      if (plan.all || plan.pages.includes(here())) { reload(); return; }
      if (plan.notFound) {
        fetch(location.href, { method: "HEAD", cache: "no-store" }).then((r) => { if (r.status === 404) reload(); }, () => {});
      }
      if (plan.stylesheets.length > 0) swap(plan.stylesheets);
    });
    events.addEventListener("problems", (event) => { const data = parse(event); show((data && data.lines) || []); });
    })();
    """
}
