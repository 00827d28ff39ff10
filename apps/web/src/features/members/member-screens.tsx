// The member screens of the route table (app/routes.tsx loads this module as one chunk).
export { MyPageScreen } from './my-page-screen.tsx';
export { UserMenuScreen } from './user-menu-screen.tsx';
export { ResponsiblePlayScreen } from './responsible-play-screen.tsx';
