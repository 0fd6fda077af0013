// The material center's sheets in cascade order (the later may override the earlier), kept in one
// place so the page and the client drawer that share them cannot load them in different orders.
import './material-library.css';
import './material-preview.css';
