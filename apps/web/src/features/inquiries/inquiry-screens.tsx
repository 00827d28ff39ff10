// The inquiry screens of the route table (app/routes.tsx loads this module as one chunk, decision 052).
export { InquiryScreen } from './inquiry-screen.tsx';
export { InquiryThreadScreen } from './inquiry-thread-screen.tsx';
