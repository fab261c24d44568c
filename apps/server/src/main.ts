// Composition root: config -> database -> services -> HTTP/WS (see DESIGN.md §3).
console.log('Tenger Poker server: not built yet');
