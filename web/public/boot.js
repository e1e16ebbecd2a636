// Starts the web app on a page the server has rendered, once that page has been painted: on a slow
// connection the page's stylesheet, fonts and first picture then have the line to themselves, and
// the visitor reads the page while the scripts that make it interactive arrive. The server writes
// this script's tag with the app's entry and the chunks of the page (server/modules/pages/).
(function () {
  var tag = document.currentScript;
  if (!tag) return;
  var entry = tag.getAttribute('data-entry');
  var chunks = (tag.getAttribute('data-chunks') || '').split(' ');
  function start() {
    for (var i = 0; i < chunks.length; i++) {
      if (!chunks[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = chunks[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // The callback runs before the next frame is painted; the timeout, just after it.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
