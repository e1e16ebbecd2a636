// The site's service worker (ADR 43): what lets the site open without a network. The page registers
// it once it is interactive (web/lib/service-worker.ts), so it costs a first visit nothing.
//
// - The app's built files (/assets/, named by their content) are kept as they are fetched and
//   answered from the phone afterwards.
// - A page is asked of the network first; each page opened is kept (the server's pages hold no
//   personal data: a learner's view is rendered for any learner, ADR 39), and answered from the
//   phone when the network fails. An address never opened gets the bare app, which draws the page
//   of the address it is at: any address that is no page of the site answers it (SHELL).
// - The files of a course saved for offline (its pack, ADR 42: the answers of the course, its
//   chapters and quizzes, its pictures and videos) are answered from the pack when the network
//   fails, pictures and videos from the pack first.
// - The server's key for course packs (/api/packs/key), kept from the install and refreshed when the
//   network answers: a course file passed from another phone is checked with it with no network.
// - The staff's and the learner's own calls and pages are never kept here.
// A new version of this worker waits until the page asks it to take over (the learner chose
// "Reload" in the page's offer): an update never replaces the app under a learner mid-lesson.
'use strict';

var VERSION = 'v1';
var ASSETS = 'jgk-assets-' + VERSION;
var PAGES = 'jgk-pages-' + VERSION;
/** The pack key's own cache: the pages' cache drops its oldest entries. */
var KEY_CACHE = 'jgk-pack-key-' + VERSION;
/** Course packs' caches are named jgk-pack:<lang>:<course id> (web/lib/course-packs.ts). */
var PACK_PREFIX = 'jgk-pack:';
var SHELL = '/app-shell';
var PACK_KEY = '/api/packs/key';
var PAGES_KEPT = 60;
var ASSETS_KEPT = 400;

self.addEventListener('install', function (event) {
  event.waitUntil(
    Promise.all([
      caches.open(PAGES).then(function (cache) {
        return cache.add(new Request(SHELL, { credentials: 'omit' }));
      }),
      caches.open(KEY_CACHE).then(function (cache) {
        return cache.add(new Request(PACK_KEY, { credentials: 'omit' }));
      }),
    ]),
  );
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name.indexOf(PACK_PREFIX) !== 0 && name !== ASSETS && name !== PAGES && name !== KEY_CACHE;
            })
            .map(function (name) {
              return caches.delete(name);
            }),
        );
      })
      .then(readPacked)
      .then(function () {
        // The page that registered the first worker is served by it from now on.
        return self.clients.claim();
      }),
  );
});

self.addEventListener('message', function (event) {
  if (!event.data) return;
  if (event.data.type === 'take-over') self.skipWaiting();
  if (event.data.type === 'packs-changed') {
    event.waitUntil(
      readPacked().then(function () {
        if (event.ports[0]) event.ports[0].postMessage('read');
      }),
    );
  }
});

/** Keeps at most `limit` entries, dropping the oldest. */
function trim(cache, limit) {
  return cache.keys().then(function (keys) {
    return Promise.all(
      keys.slice(0, Math.max(0, keys.length - limit)).map(function (key) {
        return cache.delete(key);
      }),
    );
  });
}

function keep(cacheName, request, response, limit) {
  if (!response || response.status !== 200 || response.type !== 'basic') return;
  var copy = response.clone();
  caches.open(cacheName).then(function (cache) {
    return cache.put(request, copy).then(function () {
      return trim(cache, limit);
    });
  });
}

/**
 * The addresses the saved courses answer (path and query), read from their caches when the worker
 * starts and again when the page says a course was saved or removed: any other call goes to the
 * network as if there were no worker, so a call the page cancels (leaving a page) is cancelled as
 * usual, not reported as a failure of the worker.
 */
var packed = null;

function readPacked() {
  return caches
    .keys()
    .then(function (names) {
      return Promise.all(
        names
          .filter(function (name) {
            return name.indexOf(PACK_PREFIX) === 0;
          })
          .map(function (name) {
            return caches.open(name).then(function (cache) {
              return cache.keys();
            });
          }),
      );
    })
    .then(function (lists) {
      var found = new Set();
      lists.forEach(function (requests) {
        requests.forEach(function (request) {
          var url = new URL(request.url);
          found.add(url.pathname + url.search);
        });
      });
      packed = found;
      return found;
    });
}

function fromPacks(request) {
  return caches.keys().then(function (names) {
    var packs = names.filter(function (name) {
      return name.indexOf(PACK_PREFIX) === 0;
    });
    return packs.reduce(function (found, name) {
      return found.then(function (response) {
        return (
          response ||
          caches.open(name).then(function (cache) {
            return cache.match(request, { ignoreVary: true });
          })
        );
      });
    }, Promise.resolve(undefined));
  });
}

/** A saved course's call: the network first, the pack when it fails. Its pictures and videos: the pack first. */
function packedCall(request, isFile) {
  if (isFile) {
    return fromPacks(request).then(function (kept) {
      return kept || fetch(request);
    });
  }
  return fetch(request).catch(function (error) {
    return fromPacks(request).then(function (kept) {
      if (kept) return kept;
      throw error;
    });
  });
}

/** The network first, keeping what it answers in `cacheName`; what was kept there when it fails. */
function networkFirst(request, cacheName, limit) {
  return fetch(request)
    .then(function (response) {
      keep(cacheName, request, response, limit);
      return response;
    })
    .catch(function (error) {
      return caches.match(request, { cacheName: cacheName, ignoreVary: true }).then(function (kept) {
        if (kept) return kept;
        throw error;
      });
    });
}

function page(request) {
  return networkFirst(request, PAGES, PAGES_KEPT).catch(function (error) {
    return caches.match(SHELL, { cacheName: PAGES }).then(function (shell) {
      if (shell) return shell;
      throw error;
    });
  });
}

function asset(request) {
  return caches.match(request, { cacheName: ASSETS }).then(function (kept) {
    if (kept) return kept;
    return fetch(request).then(function (response) {
      keep(ASSETS, request, response, ASSETS_KEPT);
      return response;
    });
  });
}

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  var path = url.pathname;
  // The staff's side and the learner's own data: always the network, never kept here.
  if (path.indexOf('/staff') === 0 || path.indexOf('/api/staff') === 0 || path.indexOf('/api/user') === 0) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
  } else if (path.indexOf('/assets/') === 0) {
    event.respondWith(asset(request));
  } else if (path === PACK_KEY) {
    event.respondWith(networkFirst(request, KEY_CACHE, 1));
  } else if (path.indexOf('/uploads/') === 0 || path.indexOf('/api/') === 0) {
    var key = path + url.search;
    var isFile = path.indexOf('/uploads/') === 0;
    // Not a saved course's: the network, untouched.
    if (packed && !packed.has(key)) return;
    event.respondWith(
      (packed ? Promise.resolve(packed) : readPacked()).then(function (found) {
        return found.has(key) ? packedCall(request, isFile) : fetch(request);
      }),
    );
  }
});
