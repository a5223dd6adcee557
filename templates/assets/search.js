// The search page of a sitegen site: looks words up in the index the build
// wrote under search/ (docs/search.md describes its files), fetching only the
// chunks a query needs, from this site alone. Results are built with DOM
// calls and textContent, never from HTML strings.
(() => {
  'use strict';
  const form = document.querySelector('form[data-index]');
  if (!form || !window.fetch) return;
  const input = form.querySelector('input[name="q"]');
  const status = document.getElementById('search-status');
  const list = document.getElementById('search-results');
  const more = document.getElementById('search-more');
  const indexURL = new URL(form.dataset.index, location.href);
  const PAGE = 10;
  const SNIPPET = 180;

  // The tokenizer's rules, as the build applies them (SearchTokenizer.swift).
  const CJK = /[\u1100-\u11ff\u2e80-\u2fdf\u3005-\u3007\u3041-\u3096\u309d-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff66-\uff9f\u{20000}-\u{3134f}]/u;
  const WORD = /[\p{L}\p{N}\p{M}]/u;
  const fold = (word) => word.toLowerCase().normalize('NFD').replace(/\p{Mn}/gu, '').normalize('NFC');

  // A query's parts: words (folded) and runs of CJK characters.
  function parts(query) {
    const found = [];
    let word = '';
    let run = '';
    const endWord = () => {
      const term = fold(word);
      const length = [...term].length;
      if (length > 0 && length <= 64) found.push({ cjk: false, text: term });
      word = '';
    };
    const endRun = () => {
      if (run) found.push({ cjk: true, text: run });
      run = '';
    };
    for (const character of query) {
      if (character === "'" || character === '\u2019') {
        endRun();
      } else if (CJK.test(character)) {
        endWord();
        run += character;
      } else if (WORD.test(character)) {
        endRun();
        word += character;
      } else {
        endWord();
        endRun();
      }
    }
    endWord();
    endRun();
    return found;
  }

  // What must match: each requirement is one term, looked up whole or as a
  // prefix (the last word while it is being typed, a lone CJK character).
  function requirements(query) {
    const found = parts(query);
    const typing = !/\s$/.test(query);
    const wanted = [];
    found.forEach((part, index) => {
      const characters = [...part.text];
      if (!part.cjk) {
        const prefix = typing && index === found.length - 1 && characters.length >= 2;
        wanted.push({ term: part.text, prefix });
      } else if (characters.length === 1) {
        wanted.push({ term: part.text, prefix: true });
      } else {
        for (let i = 1; i < characters.length; i++) wanted.push({ term: characters[i - 1] + characters[i], prefix: false });
      }
    });
    const seen = new Set();
    return wanted.filter((w) => !seen.has(w.term + w.prefix) && seen.add(w.term + w.prefix));
  }

  // By URL, the fetch of a file and, for a snippet's file, the signal that
  // drops it when a later keystroke replaces the results it was for.
  const fetched = new Map();
  function get(path, version, signal) {
    const url = new URL(path, indexURL);
    if (version) url.searchParams.set('v', version);
    if (url.origin !== location.origin) return Promise.reject(new Error('not on this site: ' + url));
    const kept = fetched.get(url.href);
    if (kept && !(kept.signal && kept.signal.aborted)) return kept.promise;
    // The manifest is checked with the server on every visit; the files it names carry its version.
    // Snippets wait behind the index's files: a query's results need those first.
    const options = { credentials: 'same-origin', cache: version ? 'default' : 'no-cache', signal,
                      priority: signal ? 'low' : 'high' };
    const entry = { signal };
    entry.promise = fetch(url.href, options).then((response) => {
      if (!response.ok) throw new Error(response.status + ' for ' + url);
      return response.json();
    }).then((value) => {
      entry.signal = null;  // fetched: kept whatever happens to the search that asked
      return value;
    }, (error) => {
      if (fetched.get(url.href) === entry) fetched.delete(url.href);  // a later query tries again
      throw error;
    });
    fetched.set(url.href, entry);
    return entry.promise;
  }
  let manifest = null;
  const index = () => manifest || (manifest = get(indexURL.href).catch((error) => {
    manifest = null;
    throw error;
  }));

  const hex = (text) => Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('');
  // The chunk keys a requirement needs (TermChunker.swift explains the layout).
  function chunkKeys(m, requirement) {
    const term = requirement.term;
    let longest = null;
    for (const key of m.k) if (term.startsWith(key) && (!longest || key.length > longest.length)) longest = key;
    const keys = longest ? [longest] : [];
    if (requirement.prefix) for (const key of m.k) if (key.startsWith(term) && key !== longest) keys.push(key);
    return keys;
  }

  // PostingsCoding.swift. A requirement's matches are kept by post number
  // in an array as long as the site has posts: 0 not matched, 1 matched,
  // 2 matched strongly. A query that matches most of 10,000 posts is then
  // decoded, joined and ranked in typed arrays, with no map or sort.
  const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
  // By character code, a digit's value: a list of 10,000 posts is decoded per keystroke.
  const DIGIT = new Int8Array(128).fill(-1);
  for (let i = 0; i < DIGITS.length; i++) DIGIT[DIGITS.charCodeAt(i)] = i;
  function gaps(text, from, into, onlyStrong) {
    let previous = -1;
    let value = 0;
    for (let i = from; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const digit = code < 128 ? DIGIT[code] : -1;
      value = value * 32 + (digit & 31);
      if (digit < 32) {
        const number = previous + 1 + Math.floor(value / 2);
        if (value % 2 === 1) into[number] = 2;
        else if (!onlyStrong && into[number] === 0) into[number] = 1;
        previous = number;
        value = 0;
      }
    }
  }
  function postings(text, into) {
    if (text[0] !== '~') return gaps(text, 0, into, false);
    const end = text.indexOf('~', 1);
    for (let i = 1; i < end; i++) {
      const code = text.charCodeAt(i);
      const bits = code < 128 ? DIGIT[code] : -1;
      for (let bit = 0; bit < 6; bit++) {
        const number = (i - 1) * 6 + bit;
        if (bits & (1 << bit) && into[number] === 0) into[number] = 1;
      }
    }
    gaps(text, end + 1, into, true);
  }

  // Post numbers matching every requirement, best first: more strong
  // matches (title, description, headings) first, then newer posts. Null
  // when a later keystroke started another search while this one waited:
  // its work would only hold up the search that replaced it.
  async function find(query, current) {
    const wanted = requirements(query);
    const m = await index();
    if (current !== generation) return null;
    if (wanted.length === 0) return { m, ranked: [], wanted };
    const matches = await Promise.all(wanted.map(async (requirement) => {
      const chunks = await Promise.all(chunkKeys(m, requirement).map((key) => get('t/' + hex(key) + '.json', m.v)));
      if (current !== generation) return null;
      const found = new Uint8Array(m.n);
      for (const chunk of chunks) {
        for (const term in chunk) {
          if (term === requirement.term || (requirement.prefix && term.startsWith(requirement.term))) postings(chunk[term], found);
        }
      }
      return found;
    }));
    if (current !== generation) return null;
    // A post's points, plus one: how many requirements it matched strongly; 0 when one missed it.
    const score = new Uint32Array(m.n).fill(1);
    for (const found of matches) {
      for (let number = 0; number < m.n; number++) {
        if (score[number] !== 0) score[number] = found[number] === 0 ? 0 : score[number] + found[number] - 1;
      }
    }
    // Newest first within each number of points, most points first.
    const byPoints = [];
    for (let number = m.n - 1; number >= 0; number--) {
      const points = score[number];
      if (points !== 0) (byPoints[points] || (byPoints[points] = [])).push(number);
    }
    const ranked = [];
    for (let points = byPoints.length - 1; points >= 1; points--) for (const number of byPoints[points] || []) ranked.push(number);
    return { m, ranked, wanted };
  }

  // The text of a post's rendered body without its code blocks, from an inert document.
  function bodyText(html) {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    doc.querySelectorAll('pre, script, style').forEach((node) => node.remove());
    return doc.body.textContent.replace(/\s+/g, ' ').trim();
  }

  // Where each query part occurs in text: [start, end) ranges in the text,
  // found in its folded form (lower case, no accents) character by character.
  function ranges(text, wanted) {
    let folded = '';
    const origin = [];
    let offset = 0;
    for (const character of text) {
      // Apostrophes are not in the index's words (don't → dont); ASCII folds by its case alone.
      const f = character === "'" || character === '\u2019' ? ''
        : character < '\x80' ? character.toLowerCase() : fold(character);
      for (let i = 0; i < f.length; i++) origin.push(offset);
      folded += f;
      offset += character.length;
    }
    origin.push(text.length);
    const found = [];
    for (const needle of wanted) {
      let from = 0;
      for (;;) {
        const at = folded.indexOf(needle.text, from);
        if (at < 0) break;
        from = at + needle.text.length;
        if (!needle.cjk && at > 0 && WORD.test(folded[at - 1])) continue;
        let end = from;
        if (!needle.cjk) while (end < folded.length && WORD.test(folded[end])) end++;
        found.push([origin[at], origin[end]]);
      }
    }
    found.sort((a, b) => a[0] - b[0]);
    return found.filter((r, i) => i === 0 || r[0] >= found[i - 1][1]);
  }

  // A paragraph of text around the first match, matches in <mark>.
  function snippet(text, wanted) {
    const found = ranges(text, wanted);
    let start = 0;
    if (found.length && found[0][0] > SNIPPET / 3) {
      start = text.lastIndexOf(' ', found[0][0] - SNIPPET / 3) + 1;
      if (found[0][0] - start > SNIPPET / 2) start = found[0][0] - Math.floor(SNIPPET / 3);
    }
    let end = Math.min(text.length, start + SNIPPET);
    const space = text.indexOf(' ', end);
    if (space > 0 && space - end < 20) end = space;
    const paragraph = document.createElement('p');
    paragraph.className = 'snippet';
    if (start > 0) paragraph.append('… ');
    appendMarked(paragraph, text, found, start, end);
    if (end < text.length) paragraph.append(' …');
    return { paragraph, matched: found.length > 0 };
  }

  // text[start, end) into node, the found ranges within it in <mark>.
  function appendMarked(node, text, found, start, end) {
    let at = start;
    for (const [from, to] of found) {
      if (from < at || to > end) continue;
      node.append(text.slice(at, from));
      const mark = document.createElement('mark');
      mark.textContent = text.slice(from, to);
      node.append(mark);
      at = to;
    }
    node.append(text.slice(at, end));
  }

  // The snippet of a post: its text around the first match; else, when the
  // query matches only the description, title or tags, the description (or
  // the text's beginning), then the tags that match, their words marked.
  function postSnippet(post, wanted) {
    const body = snippet(bodyText(post.body || ''), wanted);
    if (body.matched) return body.paragraph;
    const desc = post.desc ? snippet(post.desc, wanted) : body;
    if (desc.matched) return desc.paragraph;
    const tags = (post.tags || []).map((tag) => [tag, ranges(tag, wanted)]).filter(([, found]) => found.length);
    if (!tags.length) return desc.paragraph;
    const line = document.createElement('span');
    line.className = 'snippet-tags';
    line.append(' Tags: ');
    tags.forEach(([tag, found], index) => {
      if (index > 0) line.append(', ');
      appendMarked(line, tag, found, 0, tag.length);
    });
    desc.paragraph.append(line);
    return desc.paragraph;
  }

  function resultItem(m, row, wanted, current) {
    const [id, title, url, displayDate, machineDate, category] = row;
    const item = document.createElement('li');
    const heading = document.createElement('h2');
    const link = document.createElement('a');
    link.href = url;
    link.textContent = title;
    heading.append(link);
    const meta = document.createElement('p');
    meta.className = 'meta';
    if (displayDate) {
      const time = document.createElement('time');
      time.dateTime = machineDate || '';
      time.textContent = displayDate;
      meta.append(time, ' · ');
    }
    const categoryInfo = m.c[category];
    if (categoryInfo) {
      const categoryLink = document.createElement('a');
      categoryLink.href = categoryInfo[1];
      categoryLink.textContent = categoryInfo[0];
      meta.append(categoryLink);
    }
    item.append(heading, meta);
    // A snippet for results a later keystroke replaced is not worked out.
    get(m.a + encodeURIComponent(id) + '.json', m.v, snippets.signal).then((post) => {
      if (current === generation) item.append(postSnippet(post, wanted));
    }).catch(() => {});
    return item;
  }

  let generation = 0;
  // Aborts the snippet fetches of the results a new search replaces.
  let snippets = new AbortController();
  let shown = { m: null, ranked: [], wanted: [], count: 0 };

  async function showMore(current) {
    const { m, ranked, wanted } = shown;
    const numbers = ranked.slice(shown.count, shown.count + PAGE);
    const rows = await Promise.all(numbers.map((n) => get('d/' + Math.floor(n / m.s) + '.json', m.v).then((c) => c[n % m.s])));
    if (current !== generation) return;
    const needles = wanted.length ? parts(shown.query) : [];
    for (const row of rows) if (row) list.append(resultItem(m, row, needles, current));
    shown.count += numbers.length;
    more.hidden = shown.count >= ranked.length;
  }

  async function search(query, keepURL) {
    const current = ++generation;
    snippets.abort();
    snippets = new AbortController();
    list.setAttribute('aria-busy', 'true');
    if (!keepURL) {
      const url = new URL(location.href);
      if (query) url.searchParams.set('q', query); else url.searchParams.delete('q');
      history.replaceState(null, '', url);
    }
    try {
      const result = await find(query, current);
      if (!result || current !== generation) return;
      list.replaceChildren();
      shown = { ...result, query, count: 0 };
      if (!result.wanted.length) {
        status.textContent = query.trim() ? 'Type a word to search for.' : '';
        more.hidden = true;
        return;
      }
      const count = result.ranked.length;
      status.textContent = count === 0 ? 'No posts match “' + query.trim() + '”.'
        : (count === 1 ? '1 post matches' : count + ' posts match') + ' “' + query.trim() + '”.';
      await showMore(current);
    } catch (error) {
      if (current === generation) status.textContent = 'The search index could not be read (' + error.message + ').';
    } finally {
      if (current === generation) list.setAttribute('aria-busy', 'false');
    }
  }

  input.addEventListener('input', () => search(input.value));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    search(input.value);
  });
  more.addEventListener('click', () => {
    const first = list.children.length;
    showMore(generation).then(() => {
      const link = list.children[first] && list.children[first].querySelector('a');
      if (link) link.focus();
    });
  });
  // Arrow keys move between the box and the results' titles.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = [input, ...list.querySelectorAll('h2 a')];
    const at = links.indexOf(document.activeElement);
    if (at < 0) return;
    const next = links[at + (event.key === 'ArrowDown' ? 1 : -1)];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  });

  // Every query reads the manifest (a few KB) first: asked for as the page
  // opens, so that a query typed or pasted at once waits for its chunks alone.
  index().catch(() => {});

  const initial = new URLSearchParams(location.search).get('q') || '';
  if (initial) {
    input.value = initial;
    search(initial, true);
  }
})();
