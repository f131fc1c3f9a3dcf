// Live progress of the runs under way, pushed by the service as Server-Sent Events; when a run
// ends the page is drawn again, so its row shows how it ended and links its report.
(function () {
  const box = document.getElementById('progress');
  if (!box || !window.EventSource) {
    return;
  }
  const lines = new Map();
  function show(state) {
    let line = lines.get(state.runId);
    if (!line) {
      line = document.createElement('p');
      line.className = 'progress';
      line.dataset.run = state.runId;
      const run = document.createElement('span');
      run.className = 'run';
      const text = document.createElement('span');
      text.className = 'line';
      line.append(run, text);
      box.querySelectorAll('p.progress').forEach(function (p) {
        if (p.dataset.run === state.runId) {
          p.remove();
        }
      });
      box.append(line);
      lines.set(state.runId, line);
    }
    line.querySelector('.run').textContent = state.experiment + ' · ' + state.runId;
    line.querySelector('.line').textContent = state.line;
    const idle = document.getElementById('idle');
    if (idle) {
      idle.remove();
    }
  }
  const stream = new EventSource(box.dataset.stream);
  stream.addEventListener('progress', function (e) {
    show(JSON.parse(e.data));
  });
  stream.addEventListener('ended', function () {
    stream.close();
    window.setTimeout(function () { window.location.reload(); }, 500);
  });
})();
